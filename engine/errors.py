"""Exceptions a person can act on: each message says what was wrong and why.

Every error the table raises on purpose is a :class:`WhistError`, so a caller
can catch the project's errors in one clause; each leaf is also the builtin a
caller would expect (a bad card is a ``ValueError``, an argument of the wrong
type a ``TypeError``), so code that knows nothing of this module still works.
"""


class WhistError(Exception):
    """The root of every error the table raises on purpose."""


class NotationError(WhistError, ValueError):
    """Text that is not a card, a hand or a deal (PBN)."""


class ArgumentError(WhistError, ValueError):
    """An argument out of its range (a node limit below 0, an unknown AI level)."""


class WhistTypeError(WhistError, TypeError):
    """An argument of the wrong type (a number where a card's text is wanted)."""


class RulesError(WhistError, ValueError):
    """An action the rules do not allow in the current state."""


class IllegalPlay(RulesError):
    """A card that may not be played now (wrong turn, must follow, already played)."""


class NotYourTurn(IllegalPlay):
    """A play or action by a seat whose turn it is not."""


class HandOver(RulesError):
    """An action after the last trick or after a claim ended the hand."""
