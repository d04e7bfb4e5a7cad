# engine.ai's shared searches moved below the games, to engine.search (issue 43, no import circles):
# apply with  sed -E -i -f REWRITE.sed FILES  (GNU sed). A line importing from engine.ai both a
# moved module and a name that stays (choose_action, choose_card, hint, review, LEVELS,
# DEFAULT_BUDGET, warm_up) is left as it is: split it by hand.
# Then sort the imports the rewrite moved:  ruff check --fix --select I FILES
s/\bengine\.ai\.(hands|inference|ismcts_py|ismcts|layouts|levels|pimc|rules|sampling|sizes|solo|view)\b/engine.search.\1/g
s#\bengine/ai/(hands|inference|ismcts_py|ismcts|layouts|levels|pimc|rules|sampling|sizes|solo|view)\.py\b#engine/search/\1.py#g
s/^(\s*)from engine\.ai import ((hands|inference|ismcts_py|ismcts|layouts|levels|pimc|rules|sampling|sizes|solo|view)( as \w+)?(, (hands|inference|ismcts_py|ismcts|layouts|levels|pimc|rules|sampling|sizes|solo|view)( as \w+)?)*)(\s*(#.*)?)$/\1from engine.search import \2\8/
s/\bfrom engine\.ai\.family import ((most_tricks|seeded)(, (most_tricks|seeded))*)(\s*(#.*)?)$/from engine.search.players import \1\5/
s/\bengine\.ai\.family\.(most_tricks|seeded)\b/engine.search.players.\1/g
