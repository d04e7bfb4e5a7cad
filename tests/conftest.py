"""Settings for every test: hypothesis without deadlines.

The tests assert behaviour, never timing (a loaded CI machine or a Pi runs
an example many times slower than a quiet one), so no example may fail for
taking long."""

from hypothesis import settings

settings.register_profile("whist", deadline=None)
settings.load_profile("whist")
