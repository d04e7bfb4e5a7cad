"""The phone's page in a real browser (Debian's chromium, headless, through Selenium): whole
hands of three games with one seat on the phone and the AI elsewhere, a reconnection in
mid-trick, a second phone that cannot see or play another seat, the tap-to-table latency and
the page's weight, and screenshots of the page."""

from __future__ import annotations

import os
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.remote.server import FILES, PHONE_PAGE, STATIC
from engine.actions import Play
from engine.seats import Seat

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    pytest.skip("chromium and chromium-driver are not installed (apt-get install chromium chromium-driver; "
                ".ci/run installs them)", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = Path(os.environ.get("WHIST_SHOTS", "/tmp/whist-phone-shots"))
ACTIONS = "#steps button:not([disabled]), #hand button:not([disabled])"


def _browser(width: int, height: int) -> WebDriver:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    b = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    # headless chromium keeps a window at least 500 px wide: a phone's width is emulated
    b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 720})
    return b


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    b = _browser(360, 740)
    yield b
    b.quit()


LIT = "#hand button:not([disabled])"


def _sit(b: WebDriver, table, seat: Seat = Seat.S, name: str = "Ann") -> None:  # type: ignore[no-untyped-def]
    code = table.pairing.offer(int(seat)).code
    b.get(f"{table.url}?code={code}")
    b.find_element(By.ID, "name").send_keys(name)
    b.find_element(By.ID, "sit").click()
    WebDriverWait(b, 20).until(lambda d: int(seat) in table.pairing.holders())
    if not table._thread.is_alive() and table.done == 0:
        table.go()
    title = table.match.game.title  # the page is worded by the table: the game's name, not its key
    WebDriverWait(b, 20).until(lambda d: d.find_element(By.ID, "title").text == title)


def _play_one(b: WebDriver) -> bool:
    """Tap the first lit action (a card twice; picking the cards to lay away first); False when
    none is lit."""
    if b.find_elements(By.CSS_SELECTOR, "#lay-away"):
        need = int(b.find_element(By.ID, "lay-away").text.split(" of ")[1])
        for card in b.find_elements(By.CSS_SELECTOR, "#hand button:not(.picked)")[:need]:
            card.click()
        b.find_element(By.ID, "lay-away").click()
        return True
    lit = b.find_elements(By.CSS_SELECTOR, ACTIONS)
    if not lit:
        return False
    card = "card" in (lit[0].get_attribute("class") or "")
    lit[0].click()
    if card:  # the first tap raises the card, the second plays it
        b.find_element(By.CSS_SELECTOR, "button.raised").click()
    return True


def _play_through(b: WebDriver, table, timeout: float = 120) -> int:  # type: ignore[no-untyped-def]
    taps = 0
    end = time.monotonic() + timeout
    while table.done < table.hands:
        assert time.monotonic() < end, "the hand did not finish"
        assert table.error is None, table.error
        if _play_one(b):
            taps += 1  # the page greys its buttons until the table's answer redraws them
        time.sleep(0.02)
    return taps


@pytest.mark.parametrize("game, players", [("classic", None), ("bid", None), ("oh-hell", 4)])
def test_a_whole_hand_is_played_from_the_phone(  # type: ignore[no-untyped-def]
        browser: WebDriver, make_table, game: str, players: int | None) -> None:
    table = make_table(game, players, phone=Seat.S, seed=f"whole-{game}")
    _sit(browser, table)
    taps = _play_through(browser, table)
    table.wait_until_done(10)
    south = [a for _, a in table.applied.actions if a.seat == Seat.S]
    assert taps >= len(south) > 0
    assert any(isinstance(a, Play) for a in south)
    assert "Ann (phone)" == table.phone.label


def test_the_phone_reconnects_in_mid_trick_and_plays_on(  # type: ignore[no-untyped-def]
        browser: WebDriver, make_table) -> None:
    table = make_table("classic", phone=Seat.S, seed="reconnect")
    _sit(browser, table)
    # play until a trick is under way with South to play a later card of it
    lit = "#hand button:not([disabled])"
    while not (table.match.current is not None and table.match.current.current.cards
               and browser.find_elements(By.CSS_SELECTOR, lit)):
        _play_one(browser)
        time.sleep(0.05)
    before = len(table.match.current.actions)
    browser.refresh()  # the page is gone and back, its token kept: the seat resumes where it stands
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, lit))
    assert len(table.match.current.actions) == before  # nobody played for the phone meanwhile
    trick_shown = [e.get_attribute("data-card")
                   for e in browser.find_elements(By.CSS_SELECTOR, "#trick .card")]
    assert trick_shown == [str(c) for c in table.match.current.current.cards]
    _play_through(browser, table)
    table.wait_until_done(10)


def test_one_tap_raises_a_card_a_tap_elsewhere_lowers_it_and_a_second_tap_plays_it(  # type: ignore[no-untyped-def]
        browser: WebDriver, make_table) -> None:
    table = make_table("classic", phone=Seat.S, seed="two-taps")
    _sit(browser, table)
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, LIT))
    before = len(table.match.current.actions)
    card = browser.find_elements(By.CSS_SELECTOR, LIT)[0].get_attribute("data-card")
    browser.find_elements(By.CSS_SELECTOR, LIT)[0].click()  # a stray tap: the card rises, nothing is played
    raised = browser.find_elements(By.CSS_SELECTOR, "#hand button.raised")
    assert [e.get_attribute("data-card") for e in raised] == [card]
    browser.find_element(By.ID, "title").click()  # a tap elsewhere lowers it
    assert not browser.find_elements(By.CSS_SELECTOR, "#hand button.raised")
    time.sleep(0.3)
    assert len(table.match.current.actions) == before
    assert browser.execute_script("return window.taps.length") == 0
    chosen = f'#hand button[data-card="{card}"]'
    browser.find_element(By.CSS_SELECTOR, chosen).click()
    browser.find_element(By.CSS_SELECTOR, chosen).click()
    WebDriverWait(browser, 10).until(lambda d: len(table.match.current.actions) > before)
    assert str(table.match.current.actions[before].card) == card  # type: ignore[union-attr]


def _out_of_sight(b: WebDriver, hidden: bool) -> None:
    """The phone's screen off (or another app in front), or back: as the Page Visibility API says it."""
    b.execute_script("Object.defineProperty(document, 'visibilityState', "
                     "{value: arguments[0], configurable: true});"
                     "document.dispatchEvent(new Event('visibilitychange'));",
                     "hidden" if hidden else "visible")


def test_a_phone_out_of_sight_is_played_by_the_ai_until_it_is_back(  # type: ignore[no-untyped-def]
        browser: WebDriver, make_table) -> None:
    # paced as a table shows its cards: unpaced, the AI would play the rubber out while away
    table = make_table("classic", phone=Seat.S, seed="sight", wait=1.0, hands=20, pace=0.05)
    _sit(browser, table)
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, LIT))

    def south() -> int:
        return len([a for _, a in table.applied.actions if a.seat == Seat.S])

    time.sleep(2.5)  # in sight, thinking past the wait: nobody plays for the phone
    assert south() == 0 and table.phone.label == "Ann (phone)"
    _out_of_sight(browser, True)
    WebDriverWait(browser, 20, poll_frequency=0.05).until(lambda d: south() >= 1)  # the AI played for it
    assert table.phone.label == "Ann (phone away: AI plays)"
    _out_of_sight(browser, False)
    WebDriverWait(browser, 20).until(lambda d: table.phone.label == "Ann (phone)")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, LIT))  # its turn again
    played = south()
    time.sleep(2.5)  # past the wait again, in sight: the seat is the phone's
    assert south() == played
    _play_one(browser)
    WebDriverWait(browser, 10).until(lambda d: south() == played + 1)


def test_a_second_phone_cannot_see_or_play_another_seat(make_table) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic", phone=Seat.S, seed="second")
    ann, bob = _browser(360, 740), _browser(360, 740)
    try:
        _sit(ann, table, Seat.S, "Ann")
        _sit(bob, table, Seat.N, "Bob")  # North is the AI's in this driver: Bob's page sees North only
        WebDriverWait(bob, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card"))
        south = {str(c) for c in table.match.current.hand(Seat.S)}
        bob_sees = {e.get_attribute("data-card") for e in bob.find_elements(By.CSS_SELECTOR, "#hand .card")}
        assert bob_sees and not bob_sees & south
        assert not south & set(bob.page_source.split('"'))
        # Bob's page, made to send South's card with Bob's token: the table refuses it
        card = sorted(south)[0]
        bob.execute_script("send({type: 'play', seat: 'S', card: arguments[0]})", card)
        WebDriverWait(bob, 10).until(lambda d: "your own seat" in d.find_element(By.ID, "note").text)
        time.sleep(0.5)
        # South is Ann's, who has not tapped: nothing was played for South
        assert not [a for _, a in table.applied.actions if a.seat == Seat.S]
        assert str(card) in {str(c) for c in table.match.current.hand(Seat.S)}
    finally:
        ann.quit()
        bob.quit()


def test_tap_to_table_latency_and_page_weight(  # type: ignore[no-untyped-def]
        browser: WebDriver, make_table) -> None:
    weight = sum((STATIC / name).stat().st_size for name in PHONE_PAGE)
    assert weight <= 300_000
    # every file is the table's own: no address elsewhere in any of them
    elsewhere = re.compile(r'https?://|(?:src|href)="(?!/[^/])')
    assert not [n for n in FILES if elsewhere.search((STATIC / n).read_text())]
    table = make_table("classic", phone=Seat.S, hands=8, seed="latency")
    _sit(browser, table)
    _play_through(browser, table, timeout=240)
    table.wait_until_done(10)
    taps = browser.execute_script("return window.taps")  # each sent at a card's second tap
    plays = [(t["at"], t["action"]["card"]) for t in taps if t["action"]["type"] == "play"]
    applied = {str(a.card): at for at, a in table.applied.actions if isinstance(a, Play) and a.seat == Seat.S}
    # a card is played once a hand: match each tap to its card's application in the same hand
    delays: list[float] = []
    by_card: dict[str, list[float]] = {}
    for at, a in table.applied.actions:
        if isinstance(a, Play) and a.seat == Seat.S:
            by_card.setdefault(str(a.card), []).append(at)
    for at, card in plays:
        later = [t for t in by_card.get(card, []) if t >= at]
        if later:
            delays.append(min(later) - at)
    assert applied and len(delays) >= 100
    median = statistics.median(delays[:100])
    print(f"\nphone tap -> card on the table: median {median:.1f} ms over {len(delays[:100])} plays "
          f"(90th percentile {statistics.quantiles(delays[:100], n=10)[-1]:.1f} ms); "
          f"page weight {weight} bytes")


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_screenshots_of_the_page(make_table, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    table = make_table("classic", phone=Seat.S, seed="shots")
    b = _browser(width, height)
    try:
        _sit(b, table)
        WebDriverWait(b, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, LIT))
        # a trick under way: a few cards played first
        for _ in range(3):
            _play_one(b)
            time.sleep(0.3)
            WebDriverWait(b, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, LIT))
        b.find_elements(By.CSS_SELECTOR, LIT)[0].click()  # a card chosen, not yet played: raised
        SHOTS.mkdir(parents=True, exist_ok=True)
        b.save_screenshot(str(SHOTS / f"phone-{width}x{height}.png"))
        narrowest = b.execute_script(
            "return Math.min(...Array.from(document.querySelectorAll('#hand button, #steps button'))"
            ".map(e => Math.min(e.offsetWidth, e.offsetHeight)))")
        assert narrowest >= 48
        assert b.execute_script("return document.documentElement.scrollWidth") <= width
        watch = _browser(width, height)
        try:
            watch.get(table.url + "watch")
            WebDriverWait(watch, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#scores table"))
            assert not watch.find_elements(By.CSS_SELECTOR, "#hands .card")  # no hands while it is played
            watch.save_screenshot(str(SHOTS / f"watch-{width}x{height}.png"))
        finally:
            watch.quit()
    finally:
        b.quit()


def test_the_hub_s_standings_page_shows_the_leaderboard_and_each_table(tmp_path: Path) -> None:
    from hall.drive import DriveSettings, HandResult
    from hall.hub import Hub
    from hall.page import StandingsPage
    from hall.store import HubStore

    settings = DriveSettings("club", tables=2, rounds=2)
    store = HubStore(tmp_path / "hub.db")
    Hub(store, None, settings).start()
    store.add(HandResult("club", 1, 1, 1, (8, 5)))
    hub = Hub(store, None, settings)  # the store's results, as after the hub's restart
    hub.online = {1: True, 2: False}
    page = StandingsPage(hub, port=0, host="127.0.0.1")
    page.start()
    b = _browser(1280, 800)
    try:
        page.update()
        b.get(f"http://127.0.0.1:{page.server.bound}/")
        WebDriverWait(b, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#leaders td"))
        tables = [e.text for e in b.find_elements(By.CSS_SELECTOR, "#tables .card")]
        assert tables == ["Table 1: 1/1", "Table 2: 0/1 (offline)"]
        leaders = b.find_element(By.ID, "leaders").text
        assert "8" in leaders and "5" in leaders
        SHOTS.mkdir(parents=True, exist_ok=True)
        b.save_screenshot(str(SHOTS / "standings-1280x800.png"))
    finally:
        b.quit()
        page.stop()
        store.close()
