# The games' hooks name the hand and the match by engine.game's Protocols (DealState,
# MatchState), no longer by engine.deal.Deal and engine.match.Match (issue 43, no import
# circles). Apply to a game's package only:  sed -E -i -f REWRITE-hooks.sed engine/games/<game>/*.py
# then  ruff check --fix --select I engine/games/<game>  and mypy. (A game that builds a Deal
# at run time keeps that import: only the type-checking imports and annotations change.)
s/^    from engine\.deal import Deal$/    from engine.game import DealState/
s/^    from engine\.match import Match$/    from engine.game import MatchState/
s/(: |-> |\[|\| |, )Deal\b([^.(]|$)/\1DealState\2/g
s/(: |-> |\[|\| |, )Match\b([^.(]|$)/\1MatchState\2/g
