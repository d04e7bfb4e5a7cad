"""``whist-table analyse``: card values, the DDS-style table, friendly errors."""

from __future__ import annotations

from device.cli import main

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def test_analyse_prints_every_card_of_the_player_to_move(capsys):
    assert main(["analyse", "--deal", "N:A... 2... K... 3...", "--trump", "N",
                 "--leader", "N"]) == 0
    out = capsys.readouterr().out
    assert "North to play" in out
    assert "SA  1" in out


def test_analyse_table_matches_dds_for_list100_first_deal(capsys):
    assert main(["analyse", "--deal", DEAL, "--table"]) == 0
    rows = {line.split()[0]: [int(x) for x in line.split()[1:]]
            for line in capsys.readouterr().out.splitlines()[2:]}
    # DDS's TABLE line for this deal: 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6
    assert rows == {"S": [5, 8, 5, 8], "H": [6, 6, 6, 6], "D": [5, 7, 5, 7],
                    "C": [7, 5, 7, 5], "NT": [6, 6, 6, 6]}


def test_analyse_bad_input_exits_2_with_a_message_and_no_traceback(capsys):
    assert main(["analyse", "--deal", "N:A... 2... K...", "--leader", "N"]) == 2
    err = capsys.readouterr().err
    assert "3 hand(s)" in err
    assert "Traceback" not in err
    assert main(["analyse", "--deal", "N:A... 2... K... 3...", "--trump", "Z"]) == 2
    assert "not a trump" in capsys.readouterr().err
