"""The config file: defaults, the shipped example, clear refusals, writing back."""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from device import paths
from device.config import (
    AI_LEVELS,
    ANIMATIONS,
    BAUDRATES,
    Config,
    ConfigError,
    config_from_dict,
    load_config,
    save_config,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "systemd" / "config.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "config.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_missing_default_file_means_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "nowhere"))
    config = load_config()
    assert config == Config()
    assert config.rules.target == 5 and config.ai.partner == "hard"
    assert config.display.size == "1280x800" and config.buttons.hold_seconds == 3.0
    assert config.reader.port == "auto" and config.kiosk.idle_minutes == 5


def test_desktop_reads_user_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "whist-table").mkdir()
    (tmp_path / "whist-table" / "config.toml").write_text("[rules]\ntarget = 7\n")
    assert load_config().rules.target == 7


def test_kiosk_reads_the_system_file():
    assert paths.default_config_path(kiosk=True, env={}) == Path("/etc/whist-table/config.toml")
    env = {"CONFIGURATION_DIRECTORY": "/etc/whist-table"}
    assert paths.default_config_path(kiosk=True, env=env) == Path("/etc/whist-table/config.toml")
    env = {"HOME": "/home/ann"}
    assert paths.default_config_path(env=env) == Path("/home/ann/.config/whist-table/config.toml")


def test_state_directory_from_systemd_else_xdg():
    assert paths.default_db_path({"STATE_DIRECTORY": "/var/lib/whist-table"}) == Path(
        "/var/lib/whist-table/whist.sqlite3")
    assert paths.state_dir({"XDG_STATE_HOME": "/x/state"}) == Path("/x/state/whist-table")
    assert paths.state_dir({"HOME": "/home/ann"}) == Path("/home/ann/.local/state/whist-table")


def test_explicit_config_that_does_not_exist_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "typo.toml")


def test_the_shipped_example_loads_and_documents_every_key():
    config = load_config(EXAMPLE)
    assert config == Config()  # the example shows the defaults
    text = EXAMPLE.read_text()
    for section, values in Config().to_dict().items():
        assert f"[{section}]" in text
        for key in values:
            assert f"{key} =" in text, f"{section}.{key} is not in the example"
    for pin in ("select", "left", "right", "back", "deal", "last_trick", "hint"):
        assert f"# {pin} = " in text
    assert "# path = " in text


def test_a_full_config_loads(tmp_path):
    p = write(tmp_path, """
[rules]
target = 9
honours = true
revoke_penalty = 2
cycling_trumps = true
cycle_order = "hsdc"
rubber_points = true
[ai]
partner = "medium"
opponents = "expert"
think_ms = 20
[display]
size = "800x480"
fullscreen = true
rotation = 180
four_colour = true
animation = "off"
sound = false
[buttons]
enabled = false
debounce_ms = 10
hold_seconds = 2
select = 17
left = 27
hint = 0
[reader]
enabled = true
port = "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0"
protocol = "lines"
baudrate = 115200
debounce_ms = 0
[kiosk]
admin_pin = "0042"
idle_minutes = 0
[store]
path = "games.sqlite3"
""")
    c = load_config(p)
    assert c.rules.cycle_order == "HSDC"  # case of suit letters is not a guess
    assert c.buttons.hold_seconds == 2.0 and isinstance(c.buttons.hold_seconds, float)
    assert c.buttons.pins() == {"select": 17, "left": 27, "hint": 0}
    assert c.display.width_height == (800, 480)
    assert c.kiosk.admin_pin == "0042"
    assert c.db_path() == tmp_path / "games.sqlite3"


BAD = [
    ("[rules]\ntarget = 5\ntrgt = 7\n", "rules.trgt", "unknown key",
     "target, honours, revoke_penalty"),
    ("[rule]\ntarget = 5\n", "[rule]", "unknown section", "rules, ai, display"),
    ('[rules]\ntarget = "5"\n', "rules.target", '"5" is a string', "one of 5, 7, 9, 10"),
    ("[rules]\ntarget = 6\n", "rules.target", "6 is not allowed", "one of 5, 7, 9, 10"),
    ("[rules]\nhonours = 1\n", "rules.honours", "1 is an integer", "true or false"),
    ("[rules]\nrevoke_penalty = 1\n", "rules.revoke_penalty", "not allowed", "3, 2"),
    ('[rules]\ncycle_order = "DCHH"\n', "rules.cycle_order", "not an order",
     "four suits"),
    ('[ai]\npartner = "godlike"\n', "ai.partner", '"godlike" is not allowed',
     '"easy", "medium", "hard", "expert", "rules", "random"'),
    ("[ai]\nthink_ms = 10\n", "ai.think_ms", "10 is out of range", "20..5000"),
    ("[display]\nrotation = 45\n", "display.rotation", "45 is not allowed", "0, 90, 180, 270"),
    ('[display]\nrotation = "90"\n', "display.rotation", "is a string", "0, 90, 180, 270"),
    ('[display]\nsize = "big"\n', "display.size", "not a screen size", "WIDTHxHEIGHT"),
    ('[display]\nanimation = "warp"\n', "display.animation", "not allowed", '"off", "fast"'),
    ("[buttons]\nselect = 40\n", "buttons.select", "pin 40 does not exist", "0..27"),
    ("[buttons]\nselect = -1\n", "buttons.select", "pin -1 does not exist", "0..27"),
    ('[buttons]\nselect = "GPIO17"\n', "buttons.select", "not a pin number", "0..27"),
    ("[buttons]\nselect = true\n", "buttons.select", "is a boolean", "0..27"),
    ("[buttons]\nselect = 17\nback = 17\n", "buttons.back",
     "pin 17 is already used by buttons.select", "a pin no other button uses"),
    ("[buttons]\nhold_seconds = 0\n", "buttons.hold_seconds", "out of range", "0.5..30"),
    ('[reader]\nport = "COM3"\n', "reader.port", '"COM3" is not a serial port',
     '"auto", "none" or the absolute path'),
    ('[reader]\nport = "ttyUSB0"\n', "reader.port", "not a serial port", "/dev/ttyUSB0"),
    ("[reader]\nport = 0\n", "reader.port", "0 is an integer", '"auto", "none"'),
    ('[reader]\nprotocol = "pn532"\n', "reader.protocol", "not allowed", '"rdm6300", "lines"'),
    ("[reader]\nbaudrate = 9601\n", "reader.baudrate", "not allowed", "9600"),
    ('[kiosk]\nadmin_pin = "12a4"\n', "kiosk.admin_pin", "not a PIN", "4 to 8 digits"),
    ('[kiosk]\nadmin_pin = "123"\n', "kiosk.admin_pin", "not a PIN", "4 to 8 digits"),
    ("[kiosk]\nadmin_pin = 1234\n", "kiosk.admin_pin", "1234 is an integer", "in quotes"),
    ("[kiosk]\nidle_minutes = -5\n", "kiosk.idle_minutes", "out of range", "0..1440"),
    ('[store]\npath = ""\n', "store.path", "empty", "path of the SQLite database"),
    ("rules = 5\n", "rules", "not a section", "a [rules] table"),
]


@pytest.mark.parametrize(("text", "key", "problem", "allowed"), BAD,
                         ids=[b[1] + ":" + b[2][:20] for b in BAD])
def test_bad_configs_are_refused_with_file_key_and_allowed_values(
        tmp_path, text, key, problem, allowed):
    p = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(p)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert message.startswith(f"{p}: {key}: ")
    assert problem in message
    assert "allowed" in message and allowed in message


def test_every_problem_is_reported_at_once(tmp_path):
    p = write(tmp_path, "[rules]\ntarget = 4\n[display]\nrotation = 45\n[extra]\n")
    with pytest.raises(ConfigError) as info:
        load_config(p)
    assert len(info.value.problems) == 3
    assert [m.split(": ")[1] for m in info.value.problems] == [
        "rules.target", "display.rotation", "[extra]"]


def test_broken_toml_names_the_file_and_line(tmp_path):
    p = write(tmp_path, "[rules]\ntarget = \n")
    with pytest.raises(ConfigError, match=r"config\.toml: not valid TOML: .*line 2"):
        load_config(p)


def test_non_utf8_file_is_refused(tmp_path):
    p = tmp_path / "config.toml"
    p.write_bytes(b"[kiosk]\nadmin_pin = \"\xff\"\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(p)


def test_updated_validates_like_a_file():
    c = Config().updated({"display": {"rotation": 90}, "buttons": {"select": 17}})
    assert c.display.rotation == 90 and c.buttons.select == 17
    assert c.updated({"buttons": {"select": None}}).buttons.select is None
    with pytest.raises(ConfigError, match="display.rotation"):
        Config().updated({"display": {"rotation": 45}})


def test_save_writes_a_file_that_loads_back(tmp_path):
    target = tmp_path / "etc" / "config.toml"
    config = Config().updated({"kiosk": {"admin_pin": "2468"}, "reader": {"port": "/dev/x"},
                               "store": {"path": "/var/lib/w.sqlite3"}})
    save_config(config, target)
    loaded = load_config(target)
    assert loaded == config
    assert loaded.source == target
    assert sorted(os.listdir(target.parent)) == ["config.toml"]  # no temp file left


def test_save_keeps_the_old_file_and_its_mode_when_interrupted(tmp_path, monkeypatch):
    target = write(tmp_path, "[rules]\ntarget = 7\n")
    os.chmod(target, 0o640)
    config = load_config(target).updated({"rules": {"target": 9}})

    def power_cut(src, dst):
        raise OSError("simulated failure before the rename")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(OSError):
        save_config(config)
    monkeypatch.undo()
    assert load_config(target).rules.target == 7
    assert sorted(os.listdir(tmp_path)) == ["config.toml"]
    save_config(config)
    assert load_config(target).rules.target == 9
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


pins = st.one_of(st.none(), st.integers(0, 27))


@st.composite
def valid_changes(draw):
    chosen_pins = draw(st.lists(st.integers(0, 27), min_size=0, max_size=7, unique=True))
    names = ["select", "left", "right", "back", "deal", "last_trick", "hint"]
    buttons = {names[i]: pin for i, pin in enumerate(chosen_pins)}
    buttons["hold_seconds"] = draw(st.floats(0.5, 30.0, allow_nan=False))
    order = draw(st.permutations("SHDC"))
    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1,
                   max_size=20).filter(lambda s: s.strip())
    return {
        "rules": {"target": draw(st.sampled_from((5, 7, 9, 10))),
                  "honours": draw(st.booleans()), "cycle_order": "".join(order)},
        "ai": {"partner": draw(st.sampled_from(AI_LEVELS)),
               "think_ms": draw(st.integers(20, 5000))},
        "display": {"size": f"{draw(st.integers(200, 8192))}x{draw(st.integers(200, 8192))}",
                    "animation": draw(st.sampled_from(ANIMATIONS))},
        "buttons": buttons,
        "reader": {"port": draw(st.sampled_from(("auto", "none", "/dev/ttyUSB0"))),
                   "baudrate": draw(st.sampled_from(BAUDRATES))},
        "kiosk": {"admin_pin": draw(st.from_regex(r"\A(|[0-9]{4,8})\Z"))},
        "store": {"path": draw(text)},
    }


@settings(max_examples=60, deadline=None)
@given(valid_changes())
def test_to_toml_round_trips_any_valid_config(changes):
    config = config_from_dict(changes)
    assert config_from_dict(tomllib.loads(config.to_toml())) == config


# -- files that are not what they seem ------------------------------------------------


def test_a_value_nested_a_thousand_deep_is_refused_not_a_crash(tmp_path):
    p = write(tmp_path, "[rules]\ntarget = " + "[" * 1000 + "]" * 1000 + "\n")
    with pytest.raises(ConfigError, match="nested too deeply"):
        load_config(p)
    # Shallower, it parses: the message quotes the value cut short.
    p = write(tmp_path, "[rules]\ntarget = " + "[" * 200 + "]" * 200 + "\n")
    with pytest.raises(ConfigError) as info:
        load_config(p)
    assert str(info.value).startswith(f"{p}: rules.target: [[[")
    assert len(str(info.value)) < 200


def test_a_fifo_or_a_device_as_config_is_refused_at_once(tmp_path):
    import threading

    fifo = tmp_path / "config.toml"
    os.mkfifo(fifo)
    outcome: list[str] = []

    def load() -> None:
        try:
            load_config(fifo)
        except ConfigError as exc:
            outcome.append(str(exc))

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():  # stuck waiting for a writer: let it go before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
    assert outcome == [f"{fifo}: a FIFO, not a config file; give the path of a TOML file"]
    with pytest.raises(ConfigError, match="a device, not a config file"):
        load_config("/dev/zero")
    with pytest.raises(ConfigError, match="a directory, not a config file"):
        load_config(tmp_path)


def test_a_huge_file_is_refused_by_its_size(tmp_path):
    p = write(tmp_path, "# " + "x" * (2 << 20) + "\n[rules]\ntarget = 7\n")
    with pytest.raises(ConfigError, match="too large for a config file"):
        load_config(p)


def test_a_byte_order_mark_is_accepted(tmp_path):
    p = tmp_path / "config.toml"
    p.write_bytes(b"\xef\xbb\xbf[rules]\ntarget = 7\n")
    assert load_config(p).rules.target == 7


def test_a_key_before_any_section_is_named_as_a_key_with_its_section(tmp_path):
    p = write(tmp_path, "target = 7\nwobble = 1\n[rules]\nhonours = true\n")
    with pytest.raises(ConfigError) as info:
        load_config(p)
    first, second = info.value.problems
    assert first == (f"{p}: target: a key outside any section; allowed: under [rules] "
                     "(put it after a [rules] line)")
    assert second.startswith(f"{p}: wobble: unknown key outside any section; allowed: keys inside")
    assert "unknown section" not in str(info.value)
