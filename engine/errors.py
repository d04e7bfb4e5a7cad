"""Exceptions a person can act on: each message says what was wrong and why."""


class NotationError(ValueError):
    """Text that is not a card, a hand or a deal (PBN)."""


class RulesError(ValueError):
    """An action the rules do not allow in the current state."""


class IllegalPlay(RulesError):
    """A card that may not be played now (wrong turn, must follow, already played)."""


class NotYourTurn(IllegalPlay):
    """A play or action by a seat whose turn it is not."""


class HandOver(RulesError):
    """An action after the last trick or after a claim ended the hand."""
