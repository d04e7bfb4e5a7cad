"""Shuffling: unbiased by default (system CSPRNG), reproducible with a seed."""

import secrets

from engine.cards import full_deck
from engine.shuffle import fisher_yates, rng_for, shuffled_pack


def test_seeded_shuffle_is_reproducible():
    assert shuffled_pack(42) == shuffled_pack(42)
    assert shuffled_pack("abc") == shuffled_pack("abc")
    assert shuffled_pack(42) != shuffled_pack(43)


def test_shuffle_is_a_permutation():
    pack = shuffled_pack(1)
    assert sorted(pack) == full_deck()


def test_unseeded_uses_the_system_random_source():
    assert isinstance(rng_for(None), secrets.SystemRandom)
    assert shuffled_pack() != shuffled_pack()  # 1 in 52! to fail


def test_unseeded_shuffle_draws_from_system_random(monkeypatch):
    calls = []
    real = secrets.SystemRandom.randrange

    def spy(self, *args, **kwargs):
        calls.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(secrets.SystemRandom, "randrange", spy)
    shuffled_pack()
    assert len(calls) == 51  # one draw per Fisher-Yates step


def test_positions_are_not_grossly_biased():
    # A loose sanity check, not a statistical test: over 3000 seeded shuffles
    # of 4 items every item lands in every position about a quarter of the time.
    counts = [[0] * 4 for _ in range(4)]
    rng = rng_for("bias-check")
    for _ in range(3000):
        for pos, item in enumerate(fisher_yates(range(4), rng)):
            counts[item][pos] += 1
    for row in counts:
        for n in row:
            assert 600 < n < 900
