"""The text demo: readable tricks and score sheet, reproducible, resumable."""

import io
import re

import pytest

from device.headless import run_headless
from engine.actions import Play
from engine.bots import rules_card
from engine.games.classic.rules import Rules
from engine.match import Match


def run(hands, seed=1, **kwargs):
    out = io.StringIO()
    kwargs.setdefault("chooser", rules_card)
    matches = run_headless(hands, seed, out=out, **kwargs)
    return out.getvalue(), matches


def test_prints_every_trick_and_the_sheet():
    text, matches = run(2)
    tricks = re.findall(r"^Trick (\d+) +.*-> (You|Left|Partner|Right)$", text, re.M)
    assert len(tricks) == 26
    assert [int(n) for n, _ in tricks[:13]] == list(range(1, 14))
    assert re.search(r"^Trick 1 +(You|Left|Partner|Right) [♠♥♦♣](10|[2-9AKQJ]) ", text, re.M)
    assert "Cut for the first deal (ace low)" in text
    assert "Score sheet (game to 5" in text
    assert re.search(r"Hand 2: We \d+ tricks, They \d+\.", text)
    assert not re.search(r"\b(North|East|South|West|NS|EW)\b", text)  # the table's words
    assert "Played 2 hands" in text
    assert len(matches[0].hands) == 2
    assert "\033[" not in text  # no colour codes when not a terminal


def test_same_seed_same_game():
    assert run(3, seed=7)[0] == run(3, seed=7)[0]
    assert run(1, seed=7)[0] != run(1, seed=8)[0]


def test_on_action_sees_every_play():
    seen = []
    run(2, on_action=lambda match, action: seen.append((len(match.deals), action)))
    assert len(seen) == 104
    assert all(isinstance(a, Play) for _, a in seen)
    assert [n for n, _ in seen] == [1] * 52 + [2] * 52


def test_continues_across_rubbers_with_dealer_rotation():
    text, matches = run(24, seed=5)
    assert len(matches) >= 2 and all(m.is_over for m in matches[:-1])
    assert sum(len(m.hands) for m in matches) == 24
    assert "=== Rubber 2 ===" in text
    for a, b in zip(matches, matches[1:], strict=False):
        assert b.first_dealer == a.next_dealer  # the deal keeps passing left


def test_resume_after_interruption_matches_uninterrupted_run():
    _, full = run(6, seed=11)
    saved = {}

    class PowerCut(Exception):
        pass

    def journal(match, action):
        saved["match"] = match.to_dict()
        if len(match.hands) == 2 and len(match.current.actions) == 30:
            raise PowerCut

    with pytest.raises(PowerCut):
        run(6, seed=11, on_action=journal)
    resumed = Match.from_dict(saved["match"])
    _, again = run(6, seed=11, resume=resumed)
    assert again[-1].to_dict() == full[-1].to_dict()


def test_rules_passed_through():
    text, matches = run(1, rules=Rules(target=7, honours=True))
    assert "game to 7, honours on" in text
    assert matches[0].rules.target == 7


def test_failing_ai_is_noted_once_and_bots_play_on(monkeypatch):
    import engine.ai

    def broken(observation, level="hard", seed=None, **kwargs):
        raise RuntimeError("thinking cap fell off")

    monkeypatch.setattr(engine.ai, "choose_action", broken)
    out = io.StringIO()
    matches = run_headless(1, 3, out=out)
    text = out.getvalue()
    assert text.count("the AI failed: thinking cap fell off") == 1
    assert "Trick 13" in text and len(matches[0].hands) == 1


def test_a_resumed_run_counts_only_the_hands_it_played():
    _, first = run(3, seed=5)
    done = Match.from_dict(first[-1].to_dict())
    text, _ = run(3, seed=5, resume=done)
    assert "Played 0 hands (3 hands played before)" in text
    assert "--- Rubber" not in text
    text, _ = run(5, seed=5, resume=Match.from_dict(first[-1].to_dict()))
    assert "Played 2 hands (3 hands played before)" in text


def test_rerunning_a_finished_demo_from_its_store_plays_and_claims_nothing(tmp_path, capsys):
    from device.cli import main

    argv = ["demo", "--headless", "--hands", "2", "--seed", "4", "--level", "rules",
            "--db", str(tmp_path / "demo.sqlite3")]
    assert main(argv) == 0
    assert "Played 2 hands;" in capsys.readouterr().out
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Played 0 hands (2 hands played before)" in out and "Played 2 hands" not in out
