"""The searches the games' players share (below the games: engine.games imports
engine.search, engine.ai imports both): the double-dummy sampling search (pimc),
the textbook (rules), the search for games of a count of tricks (ismcts, solo),
the layouts and hands helpers, the levels and their seeds."""
