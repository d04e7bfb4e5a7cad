"""Oh Hell and Knockout without a screen: the headless demo at five and six
seats, journalled to a store and carried on where it stopped, and every hand
as JSON from the history."""

import json

from device.cli import main


def demo(tmp_path, capsys, game, players, hands, db=True):
    argv = ["demo", "--headless", "--game", game, "--players", str(players), "--hands", str(hands),
            "--seed", "9", "--level", "rules"]
    if db:
        argv += ["--db", str(tmp_path / "solo.sqlite3")]
    assert main(argv) == 0
    return capsys.readouterr().out


def test_oh_hell_at_five_prints_bids_tricks_and_every_players_total(tmp_path, capsys):
    out = demo(tmp_path, capsys, "oh-hell", 5, 2, db=False)
    assert "Whist table demo (Oh Hell): 2 hands, AI (rules) in all 5 seats, seed 9." in out
    assert out.count("Bids: ") == 2 and "Player 5 " in out and "P5" not in out
    assert "Played 2 hands; 0 games finished." in out


def test_knockout_at_six_is_journalled_resumed_and_the_same_as_one_run(tmp_path, capsys):
    demo(tmp_path, capsys, "knockout", 6, 2)
    resumed = demo(tmp_path, capsys, "knockout", 6, 4)
    assert "Resuming the demo run with seed 9" in resumed and "(2 hands played before)" in resumed
    whole = demo(tmp_path / "other", capsys, "knockout", 6, 4, db=False)
    assert resumed.splitlines()[-3] == whole.splitlines()[-3]  # the same totals after hand 4
    assert main(["history", "--db", str(tmp_path / "solo.sqlite3"), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and all(h["game"] == "knockout" for h in lines)
    first = lines[0]
    assert first["seats"] == ["0", "1", "2", "3", "4", "5"] and first["rules"]["players"] == 6
    assert first["deal"]["turned"] == first["deal"]["piles"]["stock"][0]  # the top of the stock
    assert set(first["result"]["tricks"]) == set(first["seats"])
    assert sum(first["result"]["tricks"].values()) == 7
    later = lines[1]
    assert later["actions"][0]["type"] == "declare"  # the player with most tricks names trumps
    assert any(cards == [] for cards in lines[-1]["deal"]["hands"].values())  # someone is out
