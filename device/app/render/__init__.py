"""Drawing: cards, suit symbols, backs, felt, text and buttons, all cached per size."""
