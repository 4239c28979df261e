"""The app as a Telegram Mini App, in Chromium: tg.html with a stubbed ``window.Telegram.WebApp``
(an init script) and init data signed here with the dev server's bot token, so the server's
real check accepts it. Telegram's own script is answered by the test (headless Chromium has
no network), which also proves tg.html's CSP lets it load. A browser outside Telegram loads
neither that script nor telegram.js.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.telegram.test_telegram import init_data
from tests.fake_bot_api import FakeBotApi
from tests.game_helpers import plain_action
from tests.servers import running_devserver

from .helpers import api, finger_tap, friends_table, store_js

TOKEN = "4242:AAe2e-istaka-bot-token"
SCRIPT = "https://telegram.org/js/telegram-web-app.js"
USER = {"id": 99001, "first_name": "Deniz", "language_code": "en"}
THEME = {
    "bg_color": "#112233",
    "text_color": "#fafafa",
    "hint_color": "#8899aa",
    "secondary_bg_color": "#223344",
    "button_color": "#3390ec",
    "button_text_color": "#ffffff",
    "link_color": "#66bbff",
}


@pytest.fixture(scope="module")
def bot() -> Iterator[FakeBotApi]:
    with FakeBotApi() as fake:
        yield fake


@pytest.fixture(scope="module")
def tg_base(tmp_path_factory: pytest.TempPathFactory, bot: FakeBotApi) -> Iterator[str]:
    env = {
        "ISTAKA_TELEGRAM_BOT_TOKEN": TOKEN,
        "ISTAKA_TELEGRAM_API": bot.url,
        "ISTAKA_TELEGRAM_BOT": "IstakaBot",
        "ISTAKA_TELEGRAM_APP": "play",
        "ISTAKA_PUSH_LOOKING_SECONDS": "0",
    }
    with running_devserver(tmp_path_factory.mktemp("tg-devserver"), env) as url:
        yield url + "/"


def web_app_stub(start_param: str | None = None, user: dict[str, Any] = USER) -> str:
    """``window.Telegram.WebApp`` as Telegram's script makes it, recording what the app does."""
    data = init_data(user, int(time.time()), token=TOKEN)
    unsafe = {"user": user, "start_param": start_param} if start_param else {"user": user}
    return f"""
    (() => {{
      const calls = (window.__tg = {{ back: [], haptic: [], links: [], ready: 0 }})
      let onBack = null
      window.Telegram = {{ WebApp: {{
        initData: {json.dumps(data)},
        initDataUnsafe: {json.dumps(unsafe)},
        themeParams: {json.dumps(THEME)},
        colorScheme: 'dark',
        ready: () => calls.ready++,
        expand: () => {{}},
        onEvent: () => {{}},
        openTelegramLink: url => calls.links.push(url),
        HapticFeedback: {{ notificationOccurred: type => calls.haptic.push(type) }},
        BackButton: {{
          show: () => calls.back.push('show'),
          hide: () => calls.back.push('hide'),
          onClick: fn => (onBack = fn),
        }},
      }} }}
      window.__tgBack = () => onBack()
    }})()
    """


def telegram_page(
    pages: Any, start_param: str | None = None, *extra_scripts: str, user: dict[str, Any] = USER
) -> Any:
    page = pages.new(390, 844, service_workers="block")
    loaded: list[str] = []

    def script(route: Any) -> None:
        loaded.append(route.request.url)
        route.fulfill(content_type="text/javascript", body="window.__tgScript = true")

    page.route(SCRIPT, script)
    page.add_init_script(web_app_stub(start_param, user))
    for extra in extra_scripts:
        page.add_init_script(extra)
    page.loaded_scripts = loaded
    return page


def test_a_t_me_invite_opens_the_join_page_in_telegrams_colours_with_back_wired(
    pages: Any, tg_base: str
) -> None:
    table = friends_table(tg_base)
    start = f"{table['table_id']}_{table['invite_code']}"
    page = telegram_page(pages, start)
    page.goto("about:blank")
    page.goto(tg_base + "tg.html#tgWebAppData=x&tgWebAppVersion=8.0")
    page.wait_for_selector("#join-go")
    assert page.evaluate("location.hash") == f"#/join/{table['table_id']}/{table['invite_code']}"
    assert page.evaluate("location.search") == "?tg=1"
    assert page.evaluate("window.__tgScript") is True  # loaded under tg.html's CSP
    assert page.loaded_scripts == [SCRIPT]
    assert page.evaluate("window.__tg.ready") == 1
    colours = page.evaluate(
        "(() => { const s = getComputedStyle(document.body);"
        " return [s.backgroundColor, s.color, s.getPropertyValue('--primary-bg').trim()] })()"
    )
    assert colours == ["rgb(17, 34, 51)", "rgb(250, 250, 250)", "#3390ec"]
    assert page.evaluate("document.querySelector('meta[name=theme-color]').content") == "#112233"
    assert page.evaluate("window.__tg.back") == ["show"]
    page.evaluate("window.__tgBack()")
    page.wait_for_function("() => window.__tg.back.at(-1) === 'hide'")
    assert page.evaluate("location.hash") == "#/"
    # The player behind the init data is the device's player; its name fills the name field.
    page.wait_for_function("() => JSON.parse(localStorage.getItem('istaka.player'))?.bot")
    player = json.loads(page.evaluate("localStorage.getItem('istaka.player')"))
    assert player["name"] == "Deniz" and (player["bot"], player["app"]) == ("IstakaBot", "play")
    assert page.input_value("#my-name") == "Deniz"


def test_a_browser_player_comes_along_into_telegram_and_its_messages_can_be_turned_off(
    pages: Any, tg_base: str, shot: Any
) -> None:
    user = {"id": 99002, "first_name": "Elif", "language_code": "en"}
    made = api(tg_base, "POST", "players", {"lang": "en"})
    mine = {"id": made["player_id"], "token": made["token"], "name": made["name"]}
    page = telegram_page(pages, None, store_js("istaka.player", mine), user=user)
    page.goto("about:blank")
    page.goto(tg_base + "tg.html?tg=1#/")
    # One player on the device: the browser's, now also the Telegram user's.
    page.wait_for_function("() => JSON.parse(localStorage.getItem('istaka.player'))?.bot")
    player = json.loads(page.evaluate("localStorage.getItem('istaka.player')"))
    assert (player["id"], player["name"], player["token"]) == (
        made["player_id"],
        made["name"],
        made["token"],
    )
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('tgplayer'))") == []
    page.wait_for_selector("#candy:not([hidden])")
    # The bot's messages: on at first, off with a tap, and the server knows it.
    page.wait_for_selector("#tg-messages")
    assert page.is_checked("#tg-messages")
    page.locator("#tg-messages").evaluate("el => el.scrollIntoView({ block: 'center' })")
    shot(page, "telegram-home-portrait")
    finger_tap(page, "#tg-messages")
    page.wait_for_function("() => !document.querySelector('#tg-messages').checked")
    page.wait_for_function("() => !document.querySelector('#tg-messages').disabled")
    data = init_data(user, int(time.time()), token=TOKEN)
    again = api(tg_base, "POST", "players/telegram", {"init_data": data})
    assert again["player_id"] == made["player_id"] and again["notifications"] is False


def test_the_waiting_room_shares_a_t_me_link_and_the_bot_tells_the_seat_its_turn(
    pages: Any, tg_base: str, bot: FakeBotApi
) -> None:
    table = friends_table(tg_base)
    tid = table["table_id"]
    joined = api(tg_base, "POST", f"tables/{tid}/join", {"invite_code": table["invite_code"]})
    auth = {"token": joined["token"], "seat": 1, "seats": [1], "mode": "friends"}
    auth["invite"] = table["invite_code"]
    page = telegram_page(pages, None, store_js("istaka.t." + tid, auth))
    page.goto("about:blank")
    page.goto(f"{tg_base}tg.html?tg=1#/t/{tid}")
    page.wait_for_selector("#invite-link")
    link = f"https://t.me/IstakaBot/play?startapp={tid}_{table['invite_code']}"
    assert page.input_value("#invite-link") == link
    page.click(".tg-share")
    (shared,) = page.evaluate("window.__tg.links")
    assert shared.startswith("https://t.me/share/url?url=") and "startapp%3D" in shared
    # The page asked the bot to message this seat on its turns (PUT /api/tables/{id}/telegram).
    linked = f"(localStorage.getItem('istaka.tglinked') || '').includes('{tid}')"
    page.wait_for_function(f"() => {linked}")

    bot.calls.clear()
    view = api(tg_base, "POST", f"tables/{tid}/start", {}, table["token"])
    page.wait_for_selector(".rack .tile")
    page.mouse.click(195, 300)  # a first gesture: sounds and haptics may start
    if view["turn"] == 1:  # the page's seat deals first: let it pass the turn on by the API
        play_one_turn(tg_base, tid, joined["token"], 1)
    bot.calls.clear()
    play_one_turn(tg_base, tid, table["token"], 0)
    page.wait_for_function("() => window.__tg.haptic.includes('success')")
    (call,) = bot.wait_for(1)
    assert call.token == TOKEN and call.method == "sendMessage"
    assert call.body["chat_id"] == USER["id"] and call.body["text"].startswith("Your turn")


def play_one_turn(base: str, tid: str, token: str, seat: int) -> None:
    """The seat draws if it must, then discards: the turn passes on."""
    view = api(base, "GET", f"tables/{tid}?seat={seat}", token=token)
    for n in range(3):
        if view["turn"] != seat:
            return
        action = plain_action(view["legal"])
        assert action is not None and action["type"] != "finish", view["legal"]
        action.update(expected_version=view["version"], action_id=f"e2e-{seat}-{n}", seat=seat)
        view = api(base, "POST", f"tables/{tid}/actions", action, token)
    assert view["turn"] != seat


def test_a_browser_outside_telegram_loads_neither_telegrams_script_nor_the_module(
    pages: Any, tg_base: str
) -> None:
    page = pages.new(390, 844, service_workers="block")
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    for path in ("", "tg.html"):
        page.goto(tg_base + path)
        page.wait_for_function("() => performance.getEntriesByName('istaka-ready').length > 0")
        page.wait_for_load_state("networkidle")
    assert not [u for u in requested if "telegram" in u], requested
    assert page.evaluate("typeof globalThis.istakaTelegram") == "undefined"
