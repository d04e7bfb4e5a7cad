"""Where the table keeps its configuration and its state (the SQLite store).

Under systemd the unit's ``StateDirectory=`` and ``ConfigurationDirectory=``
are handed to us as ``$STATE_DIRECTORY`` / ``$CONFIGURATION_DIRECTORY``; on a
desktop we follow the XDG base directory conventions.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP = "whist-table"
CONFIG_NAME = "config.toml"
DB_NAME = "whist.sqlite3"
# The kiosk reads its config from here (install.sh puts it there).
SYSTEM_CONFIG = Path("/etc") / APP / CONFIG_NAME


def _first_dir(value: str) -> Path:
    # systemd passes a colon-separated list when a unit names several
    # directories; ours names one, the first is ours either way.
    return Path(value.split(":")[0])


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """Directory for the database: $STATE_DIRECTORY, else XDG state home."""
    env = os.environ if env is None else env
    if env.get("STATE_DIRECTORY"):
        return _first_dir(env["STATE_DIRECTORY"])
    base = env.get("XDG_STATE_HOME") or str(Path(env.get("HOME", "~")) / ".local" / "state")
    return Path(base).expanduser() / APP


def user_config_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", "~")) / ".config")
    return Path(base).expanduser() / APP


def default_config_path(kiosk: bool = False, env: Mapping[str, str] | None = None) -> Path:
    """The config file read when no ``--config`` is given.

    Kiosk mode reads the system file (under systemd, the unit's configuration
    directory, which is /etc/whist-table); a desktop run reads the user's.
    """
    env = os.environ if env is None else env
    if kiosk:
        return system_config_path(env)
    return user_config_dir(env) / CONFIG_NAME


def system_config_path(env: Mapping[str, str] | None = None) -> Path:
    """The kiosk's config: the unit's configuration directory, else /etc/whist-table."""
    env = os.environ if env is None else env
    if env.get("CONFIGURATION_DIRECTORY"):
        return _first_dir(env["CONFIGURATION_DIRECTORY"]) / CONFIG_NAME
    return SYSTEM_CONFIG


def config_to_read(kiosk: bool = False, env: Mapping[str, str] | None = None) -> Path:
    """The config file read when no ``--config`` is given.

    The kiosk reads the system file. Any other run reads the user's file, or
    when there is none the kiosk's: ``whist-table reader`` or ``stats`` run on
    the table itself must see the port and the store the table uses.
    """
    own = default_config_path(kiosk, env)
    if kiosk or os.path.exists(own):
        return own
    system = system_config_path(env)
    return system if os.path.exists(system) else own


def default_db_path(env: Mapping[str, str] | None = None) -> Path:
    return state_dir(env) / DB_NAME
