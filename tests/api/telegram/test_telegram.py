"""Telegram: init data checked as Telegram documents it (signatures computed here, not by
the code under test), the webhook's secret header, and what a fake Bot API
(tests/fake_bot_api.py) receives: /start with and without a payload, and "your turn"
messages sent by the notifier's worker thread, as the dev server sends them."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from api.clock import ManualClock
from api.push.notifier import LOOKING_SECONDS
from api.push.texts import TEXTS
from api.store.items import Store
from api.tables import context
from api.telegram.botapi import BotApi
from api.telegram.links import seat_key
from api.telegram.players import PLAYER_PREFIX
from api.telegram.sender import TelegramSender
from api.web.config import Settings
from tests.api.builders import joined_pair
from tests.api.push.harness import Delivering, running_worker
from tests.api.push.test_push import end_turn
from tests.api.support import LogLines
from tests.fake_bot_api import FakeBotApi

TOKEN = "123456:AAtest-token-of-the-istaka-bot"
OTHER_TOKEN = "654321:AAanother-bot-entirely"
SECRET = "webhook-secret_0123456789"
DAY_S = 24 * 3600
AWAY = LOOKING_SECONDS + 1
AYSE = {"id": 7001, "first_name": "Ayşe", "language_code": "tr"}
CAN = {"id": 7002, "first_name": "Can", "language_code": "en"}


def sign(fields: dict[str, str], token: str) -> str:
    """The hash Telegram puts in init data, computed from its documentation."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()


def init_data(user: dict[str, Any], auth_date: int, token: str = TOKEN, **extra: str) -> str:
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(auth_date),
        **extra,
    }
    return urlencode({**fields, "hash": sign(fields, token)})


@dataclass(kw_only=True)
class Tg(Delivering):
    bot: FakeBotApi

    def now(self) -> int:
        return self.clock.now_ms() // 1000

    def data(self, user: dict[str, Any], **extra: str) -> str:
        return init_data(user, self.now(), **extra)

    def player(self, data: str) -> Any:
        return self.client.call("POST", "/api/players/telegram", {"init_data": data})

    def webhook(self, update: Any, secret: str | None = SECRET) -> Any:
        headers = {} if secret is None else {"X-Telegram-Bot-Api-Secret-Token": secret}
        return self.client.call("POST", "/api/telegram/webhook", update, headers=headers)


def settings_for(bot: FakeBotApi, tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(
        push_allow_local=True,
        vapid_key_file=str(tmp_path / "vapid.key"),
        public_url="https://okey.example",
        telegram_token=TOKEN,
        telegram_webhook_secret=SECRET,
        telegram_api=bot.url,
        telegram_bot="IstakaBot",
        telegram_app="play",
    )
    return replace(base, **changes)


@pytest.fixture
def tg(sqlite_store: Store, clock: ManualClock, tmp_path: Path) -> Iterator[Tg]:
    with FakeBotApi() as bot:
        settings = settings_for(bot, tmp_path)
        pauses: list[float] = []
        telegram = TelegramSender(
            sqlite_store, settings, BotApi(bot.url, TOKEN, sleep=pauses.append)
        )
        with running_worker(sqlite_store, settings, clock, pauses, telegram=telegram) as wired:
            yield Tg(**wired, bot=bot)


# -- init data --------------------------------------------------------------------------


def test_init_data_signed_by_the_bot_gives_one_player_per_telegram_user(tg: Tg) -> None:
    first = tg.player(tg.data(AYSE))
    assert first.status == 200, first.text
    body = first.body
    assert body["name"] == "Ayşe" and body["notifications"] is True
    assert (body["bot"], body["app"]) == ("IstakaBot", "play")
    assert len(body["token"]) >= 32
    tg.clock.advance(3600)
    again = tg.player(tg.data({**AYSE, "first_name": "Someone else"})).body
    assert again["player_id"] == body["player_id"] and again["name"] == "Ayşe"
    other = tg.player(tg.data(CAN)).body
    assert other["player_id"] != body["player_id"] and other["name"] == "Can"


def test_a_first_launch_takes_the_devices_own_player_and_keeps_its_token(tg: Tg) -> None:
    made = tg.client.call("POST", "/api/players", {"lang": "tr"}).body
    browser = made["token"]
    renamed = tg.client.call("PATCH", "/api/players/me", {"name": "Ayşe T"}, token=browser)
    assert renamed.status == 200, renamed.text

    def launch(user: dict[str, Any], device: str | None) -> Any:
        headers = {"X-Istaka-Player": device} if device else {}
        sent = {"init_data": tg.data(user)}
        reply = tg.client.call("POST", "/api/players/telegram", sent, headers=headers)
        assert reply.status == 200, reply.text
        return reply.body

    first = launch(AYSE, browser)
    # One player on the device: the browser's, with its name (and so its candy and stats).
    assert (first["player_id"], first["name"]) == (made["player_id"], "Ayşe T")
    assert first["token"] == browser
    me = tg.client.call("GET", "/api/players/me", token=browser).body
    assert me["player_id"] == made["player_id"]
    # Later launches on that device keep its token; a device without one gets a new one.
    for _ in range(6):  # past the tokens a player keeps (api/players/model.py MAX_TOKENS)
        assert launch(AYSE, browser)["token"] == browser
    elsewhere = launch(AYSE, None)
    assert elsewhere["player_id"] == made["player_id"] and elsewhere["token"] != browser
    assert tg.client.call("GET", "/api/players/me", token=browser).status == 200
    # A player already given to one Telegram user is not taken by another.
    can = launch(CAN, browser)
    assert can["player_id"] != made["player_id"] and can["name"] == "Can"
    # A token the server does not know is ignored: the launch goes on as without one.
    stranger = launch({"id": 7003, "first_name": "Deniz"}, made["player_id"] + ".x" * 20)
    assert stranger["name"] == "Deniz"


def test_the_telegram_first_name_is_cleaned_as_seat_names_are(tg: Tg) -> None:
    named = tg.player(tg.data({"id": 9, "first_name": " Zoe\u0301\u202e\n X "})).body
    assert named["name"] == "Zoé X"
    long = tg.player(tg.data({"id": 10, "first_name": "Bartholomew " * 5})).body
    assert long["name"] == ("Bartholomew " * 3)[:24].strip()
    bot_like = tg.player(tg.data({"id": 11, "first_name": "Bilgisayar"})).body
    assert bot_like["name"] == "Player"


def _refused(tg: Tg, data: str) -> None:
    reply = tg.player(data)
    assert reply.status == 401, reply.text
    assert reply.body["error"]["code"] == "bad_init_data"


def test_tampered_stale_or_foreign_init_data_is_refused_and_creates_nothing(tg: Tg) -> None:
    now = tg.now()
    good = init_data(CAN, now)
    fields = dict(parse_qs(good, keep_blank_values=True))
    tampered = urlencode(
        {**{k: v[0] for k, v in fields.items()}, "user": json.dumps({**CAN, "id": 1})}
    )
    _refused(tg, tampered)
    _refused(tg, init_data(CAN, now - DAY_S - 1))  # a second past a day
    _refused(tg, init_data(CAN, now, token=OTHER_TOKEN))
    _refused(tg, init_data(CAN, now + 3600))  # from the future
    _refused(tg, good.replace("hash=", "hash=0"))
    _refused(tg, good.split("&hash=")[0])  # no hash
    _refused(tg, good + "&auth_date=" + str(now))  # a field twice
    _refused(tg, "user=%7B&&=")
    _refused(tg, init_data({"first_name": "No id"}, now))
    no_user = {"auth_date": str(now), "query_id": "x"}
    _refused(tg, urlencode({**no_user, "hash": sign(no_user, TOKEN)}))
    for user_id in (1, CAN["id"]):
        assert tg.store.get_pushes(f"{PLAYER_PREFIX}{user_id}") is None
    assert tg.player(init_data(CAN, now - DAY_S)).status == 200  # exactly a day: still fresh


def test_a_request_without_init_data_is_a_400(tg: Tg) -> None:
    for sent in ({}, {"init_data": ""}, {"init_data": 5}, {"init_data": "a" * 5000}):
        reply = tg.client.call("POST", "/api/players/telegram", sent)
        assert reply.status == 400, reply.text


def test_logs_never_hold_the_token_or_the_init_data(tg: Tg) -> None:
    data = tg.data(AYSE)
    with LogLines().attached() as log:
        tg.player(data)
        _refused(tg, init_data(AYSE, tg.now(), token=OTHER_TOKEN))
        tg.webhook({"message": _message("/start")})
        tg.webhook({"message": _message("/start")}, secret="wrong")
    text = "\n".join(log.lines)
    assert "init data refused" in text and "bot api called" in text
    for secret in (TOKEN, SECRET, data, sign({"x": "1"}, TOKEN)[:8], "Ay", "AAHdF6IQ"):
        assert secret not in text


def test_without_a_bot_token_telegram_is_off_and_the_game_plays_on(tg: Tg, tmp_path: Path) -> None:
    context.configure(
        store=tg.store, clock=tg.clock, settings=Settings(vapid_key_file=str(tmp_path / "k"))
    )
    for method, path, body in (
        ("POST", "/api/players/telegram", {"init_data": tg.data(AYSE)}),
        ("POST", "/api/telegram/webhook", {"message": _message("/start")}),
        ("PUT", "/api/players/telegram/notifications", {"init_data": "x", "enabled": False}),
    ):
        reply = tg.client.call(method, path, body)
        assert reply.status == 404 and reply.body["error"]["code"] == "telegram_off", path
    made = tg.client.create(mode="computer", name="Ayşe")
    reply = tg.client.call(
        "PUT", f"/api/tables/{made['table_id']}/telegram", {"init_data": "x"}, token=made["token"]
    )
    assert reply.status == 404 and reply.body["error"]["code"] == "telegram_off"
    assert tg.bot.calls == []


# -- the webhook ------------------------------------------------------------------------


def _message(text: str, chat_type: str = "private", user: dict[str, Any] = CAN) -> dict[str, Any]:
    return {
        "message_id": 1,
        "from": {**user, "is_bot": False},
        "chat": {"id": user["id"], "type": chat_type},
        "date": 0,
        "text": text,
    }


def _button(call: Any) -> dict[str, Any]:
    (row,) = call.body["reply_markup"]["inline_keyboard"]
    (button,) = row
    return dict(button)


def test_the_webhook_answers_only_telegrams_secret_header(tg: Tg) -> None:
    for secret in (None, "", "wrong", SECRET[:-1], SECRET + "x", SECRET.upper()):
        reply = tg.webhook({"message": _message("/start")}, secret=secret)
        assert reply.status == 401, secret
        assert reply.body["error"]["code"] == "bad_webhook_secret"
    assert tg.bot.calls == []
    assert tg.webhook({"message": _message("/start")}).status == 200
    assert len(tg.bot.sent()) == 1


def test_start_without_a_payload_opens_the_mini_app_in_the_users_language(tg: Tg) -> None:
    reply = tg.webhook({"update_id": 1, "message": _message("/start", user=AYSE)})
    assert reply.status == 200 and reply.body == {"ok": True}
    (call,) = tg.bot.calls
    assert call.token == TOKEN and call.method == "sendMessage"
    assert call.body["chat_id"] == AYSE["id"]
    assert call.body["text"].startswith("Okey:")  # Turkish
    button = _button(call)
    assert button["text"] == "Okey oyna"
    assert button["web_app"] == {"url": "https://okey.example/tg.html?tg=1"}


def test_start_with_an_invite_opens_the_mini_app_at_that_table(tg: Tg) -> None:
    made = tg.client.create(mode="friends", name="Ayşe", options={"seats": 2})
    payload = f"{made['table_id']}_{made['invite_code']}"
    assert tg.webhook({"message": _message(f"/start {payload}")}).status == 200
    (call,) = tg.bot.sent()
    assert "invited" in call.body["text"]
    button = _button(call)
    assert button["text"] == "Join the table"
    url = urlsplit(button["web_app"]["url"])
    assert (url.scheme, url.netloc, url.path) == ("https", "okey.example", "/tg.html")
    assert parse_qs(url.query) == {"tg": ["1"], "start": [payload]}


def test_updates_the_bot_cannot_use_are_answered_200_and_dropped(tg: Tg) -> None:
    for update in (
        {"message": _message("/start", chat_type="group")},
        {"message": _message("hello")},
        {"message": _message("/start ../../etc")},  # not a start parameter: a bare /start
        {"edited_message": _message("/start")},
        {"message": {"text": "/start"}},
        [1, 2],
        None,
    ):
        assert tg.webhook(update).status == 200, update
    (call,) = tg.bot.sent()
    assert _button(call)["web_app"]["url"].endswith("/tg.html?tg=1")


def test_a_failing_bot_api_is_tried_once_in_the_webhook_and_telegram_gets_its_200(
    tg: Tg,
) -> None:
    tg.bot.fail(429, times=5, retry_after=3)
    assert tg.webhook({"message": _message("/start")}).status == 200
    assert [c.status for c in tg.bot.calls] == [429]  # no sleeping inside a request
    assert tg.pauses == []


# -- turn messages -----------------------------------------------------------------------


def _friends(tg: Tg) -> dict[str, Any]:
    return joined_pair(tg.client, "Can")


def _link(tg: Tg, t: dict[str, Any], seat: int, user: dict[str, Any], **extra: Any) -> Any:
    return tg.client.call(
        "PUT",
        f"/api/tables/{t['table']}/telegram",
        {"init_data": tg.data(user), **extra},
        token=t["tokens"][seat],
    )


def _start(tg: Tg, t: dict[str, Any]) -> dict[str, Any]:
    reply = tg.client.call("POST", f"/api/tables/{t['table']}/start", token=t["tokens"][0])
    assert reply.status == 200, reply.text
    view: dict[str, Any] = reply.body
    return view


def _turns(tg: Tg, t: dict[str, Any], view: dict[str, Any], count: int) -> dict[str, Any]:
    for _ in range(count):
        tg.clock.advance(AWAY)
        view = end_turn(tg, t, view)  # type: ignore[arg-type]
    tg.worker.drain()
    return view


def test_a_linked_seat_gets_your_turn_from_the_bot_with_a_button_to_the_table(tg: Tg) -> None:
    t = _friends(tg)
    assert _link(tg, t, 0, AYSE).status == 204
    assert _link(tg, t, 1, CAN, lang="ko").status == 204
    assert tg.store.get(t["table"]) is not None and tg.store.get_pushes(seat_key(t["table"], 1))
    tg.clock.advance(AWAY)
    view = _start(tg, t)
    tg.worker.drain()
    assert tg.bot.calls == []  # "started" is Web Push's alone
    view = _turns(tg, t, view, 2)
    calls = tg.bot.sent()
    assert len(calls) == 2
    by_chat = {c.body["chat_id"]: c for c in calls}
    assert set(by_chat) == {AYSE["id"], CAN["id"]}
    for user, lang in ((AYSE, "tr"), (CAN, "ko")):
        call = by_chat[user["id"]]
        title, body = TEXTS["your_turn"][lang]
        assert call.body["text"] == f"{title}\n{body}"
        url = _button(call)["web_app"]["url"]
        assert url == f"https://okey.example/tg.html?tg=1&start={t['table']}"


def test_a_linked_seat_on_turn_gets_one_reminder_from_the_bot_before_its_deadline(
    tg: Tg,
) -> None:
    from api.tables.sweep import sweep

    t = _friends(tg)
    _link(tg, t, 0, AYSE)
    _link(tg, t, 1, CAN, lang="ko")
    tg.clock.advance(AWAY)
    view = _start(tg, t)
    tg.worker.drain()
    tg.bot.calls.clear()
    on_turn = view["turn"]
    user, lang = ((AYSE, "tr"), (CAN, "ko"))[on_turn]
    service = context.get_service()
    tg.clock.ms = view["deadline"] - 3600_000 - 1  # a moment before the reminder's: nothing
    assert sweep(service).reminded == 0
    tg.worker.drain()
    assert tg.bot.calls == []
    tg.clock.ms = view["deadline"] - 3600_000  # an hour before a day's deadline
    assert sweep(service).reminded == 1
    tg.worker.drain()
    (call,) = tg.bot.sent()
    title, body = TEXTS["reminder"][lang]
    assert call.body == {
        "chat_id": user["id"],
        "text": f"{title}\n{body}",
        "reply_markup": call.body["reply_markup"],
    }
    url = _button(call)["web_app"]["url"]
    assert url == f"https://okey.example/tg.html?tg=1&start={t['table']}"
    # Once per deadline: a later sweep before it sends nothing more.
    tg.clock.advance(1800)
    sweep(service)
    tg.worker.drain()
    assert len(tg.bot.sent()) == 1


def test_quiet_turns_the_messages_off_and_notify_on_again(tg: Tg) -> None:
    t = _friends(tg)
    _link(tg, t, 0, AYSE)
    _link(tg, t, 1, CAN)
    tg.webhook({"message": _message("/quiet", user=CAN)})
    (said,) = tg.bot.calls
    assert "/notify" in said.body["text"]
    tg.bot.calls.clear()
    off = tg.client.call(
        "PUT",
        "/api/players/telegram/notifications",
        {"init_data": tg.data(AYSE), "enabled": False},
    )
    assert off.status == 200 and off.body == {"enabled": False}
    assert tg.player(tg.data(AYSE)).body["notifications"] is False
    tg.clock.advance(AWAY)
    view = _turns(tg, t, _start(tg, t), 2)
    assert tg.bot.calls == []
    tg.webhook({"message": _message("/notify", user=CAN)})
    tg.bot.calls.clear()
    _turns(tg, t, view, 2)
    assert [c.body["chat_id"] for c in tg.bot.sent()] == [CAN["id"]]


def test_linking_a_seat_needs_its_token_and_fresh_init_data(tg: Tg) -> None:
    t = _friends(tg)
    path = f"/api/tables/{t['table']}/telegram"
    body = {"init_data": tg.data(CAN)}
    assert tg.client.call("PUT", path, body).status == 401
    assert tg.client.call("PUT", path, body, token="x" * 43).status == 401
    stale = {"init_data": init_data(CAN, tg.now() - DAY_S - 1)}
    reply = tg.client.call("PUT", path, stale, token=t["tokens"][1])
    assert reply.status == 401 and reply.body["error"]["code"] == "bad_init_data"
    wrong_seat = {**body, "seat": 0}
    assert tg.client.call("PUT", path, wrong_seat, token=t["tokens"][1]).status == 403
    missing = tg.client.call("PUT", "/api/tables/nosuchtable1/telegram", body, token="x")
    assert missing.status == 404
    for seat in (0, 1):
        assert tg.store.get_pushes(seat_key(t["table"], seat)) is None


def test_a_bot_api_that_keeps_failing_never_fails_a_move(tg: Tg) -> None:
    t = _friends(tg)
    _link(tg, t, 0, AYSE)
    _link(tg, t, 1, CAN)
    tg.bot.fail(502, times=100)
    tg.clock.advance(AWAY)
    view = _start(tg, t)
    before = view["turn"]
    view = _turns(tg, t, view, 1)
    assert view["turn"] != before
    assert [c.status for c in tg.bot.calls] == [502, 502, 502]  # three tries, then given up
    assert tg.pauses == [1.0, 2.0]  # in the worker thread, not the request


def test_the_notifier_waits_as_long_as_telegram_asks_capped(tg: Tg) -> None:
    t = _friends(tg)
    _link(tg, t, 0, AYSE)
    _link(tg, t, 1, CAN)
    tg.clock.advance(AWAY)
    view = _start(tg, t)
    tg.bot.fail(429, times=2, retry_after=600)
    _turns(tg, t, view, 1)
    assert [c.status for c in tg.bot.calls] == [429, 429, 200]
    assert tg.pauses == [10.0, 10.0]


# -- the side items on every store --------------------------------------------------------


def test_links_switches_and_the_stand_in_players_on_every_store(any_store: Store) -> None:
    from api.clock import ManualClock as Clock
    from api.tables.service import Service
    from api.telegram import links
    from api.telegram.players import find_or_create_player_for_telegram

    service = Service(any_store, Clock(), Settings())
    assert links.seat_link(any_store, "abcdefghijkl", 1) is None
    links.link_seat(any_store, "abcdefghijkl", 1, 7001, "tr", 4_102_444_800 + DAY_S)
    links.link_seat(any_store, "abcdefghijkl", 1, 7002, "ko", 4_102_444_800 + DAY_S)  # replaced
    assert links.seat_link(any_store, "abcdefghijkl", 1) == links.SeatLink(7002, "ko")
    assert any_store.get("abcdefghijkl") is None  # no table item appears
    assert links.notifications_on(any_store, 7002) is True
    links.set_notifications(any_store, 7002, False)
    links.set_notifications(any_store, 7002, False)  # no change: nothing written
    assert links.notifications_on(any_store, 7002) is False
    assert links.notifications_on(any_store, 7001) is True
    first = find_or_create_player_for_telegram(service, 7002, "Can")
    again = find_or_create_player_for_telegram(service, 7002, "Other")
    assert (again.player_id, again.name) == (first.player_id, "Can")
    assert again.token != first.token  # a new token for each launch, both good
    assert first.token not in repr(first)
    # A real player of api/players, carrying the Telegram id; both tokens work.
    from api.players.accounts import player_by_token

    for linked in (first, again):
        player = player_by_token(any_store, linked.token)
        assert player is not None and player.player_id == first.player_id
        assert player.telegram_id == 7002
