"""``whist-table enrol``: the card enrolment out of the store to a JSON file, or in from one.

The file is what ``whist-table reader --enrolment`` reads: a second table, a
replaced SD card or the installer's check get the same deck without laying
all 52 cards again.
"""

from __future__ import annotations

import argparse
import sys

from device.commands.history import add_store_arguments, resolve_db
from device.config import ConfigError
from device.enrolment import FILE_ORDER, Enrolment, EnrolmentError
from device.store import Store, StoreError
from device.words import count
from engine.cards import Card

HELP = "export the card enrolment to a JSON file (--export F) or import one (--import F)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--export", metavar="FILE.json",
                       help="write every enrolled card's tag to FILE.json")
    which.add_argument("--import", dest="import_", metavar="FILE.json",
                       help="replace the store's enrolment with FILE.json's; refused when the file "
                       "lacks cards the store has tags for, unless --replace")
    parser.add_argument("--replace", action="store_true",
                        help="with --import: replace the enrolment even when the file has fewer cards "
                        "(the cards it lacks lose their tags and are enrolled again at the table)")
    add_store_arguments(parser)


def _fail(message: str) -> int:
    print(f"whist-table enrol: {message}", file=sys.stderr)
    return 1


def _missing(enrolment: Enrolment) -> str:
    missing = enrolment.missing()
    if not missing:
        return "every card"
    # Named as on the screen (♠K), one style everywhere (issue 37).
    return f"{count(52 - len(missing), 'card')} of 52; missing: {' '.join(Card(c).symbol for c in missing)}"


def _lost(now: dict[str, str], imported: Enrolment) -> list[str]:
    """The cards with a tag now (tag -> card) that the imported enrolment would leave without one."""
    return sorted((c for c in now.values() if imported.tag_for(c) is None), key=FILE_ORDER.index)


def run(args: argparse.Namespace) -> int:
    try:
        db = resolve_db(args)
    except ConfigError as exc:
        return _fail(str(exc))
    if args.export:
        if not db.exists():
            return _fail(f"there is no game store at {db}, so no enrolment to export "
                         "(give --db PATH)")
        try:
            with Store(db, readonly=True) as store:
                enrolment = Enrolment(store.enrolment())
            enrolment.save_json(args.export)
        except (StoreError, EnrolmentError) as exc:
            return _fail(str(exc))
        except OSError as exc:
            return _fail(f"cannot write {args.export}: {exc.strerror}")
        print(f"exported {_missing(enrolment)} to {args.export}")
        return 0
    try:
        enrolment = Enrolment.load_json(args.import_)
    except EnrolmentError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot read {args.import_}: {exc.strerror}")
    try:
        with Store(db) as store:
            lost = _lost(store.enrolment(), enrolment)
            if lost and not args.replace:
                return _fail(f"{args.import_} has no tag for {count(len(lost), 'card')} the store has "
                             f"one for ({' '.join(Card(c).symbol for c in lost[:8])}"
                             f"{' ...' if len(lost) > 8 else ''}): nothing imported; give --replace to "
                             "replace the enrolment all the same")
            store.replace_enrolment(enrolment.tags())
    except StoreError as exc:
        return _fail(str(exc))
    print(f"imported {_missing(enrolment)} into {db}")
    return 0
