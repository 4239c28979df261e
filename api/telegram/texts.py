"""What the bot says, in each language of the app (frontend/js/i18n has the app's own)."""

from __future__ import annotations

# key -> language -> text
TEXTS: dict[str, dict[str, str]] = {
    "welcome": {
        "en": "Okey, the Turkish tile game: play with friends or against the computer.",
        "tr": "Okey: arkadaşlarınla ya da bilgisayara karşı oyna.",
        "ko": "터키의 타일 게임 오케이: 친구들과 또는 컴퓨터와 함께 즐기세요.",
    },
    "invited": {
        "en": "You are invited to an Okey table. Tap the button to sit down.",
        "tr": "Bir Okey masasına davet edildin. Oturmak için düğmeye dokun.",
        "ko": "오케이 테이블에 초대받았어요. 버튼을 눌러 자리에 앉으세요.",
    },
    "play": {"en": "Play Okey", "tr": "Okey oyna", "ko": "오케이 하기"},
    "join": {"en": "Join the table", "tr": "Masaya otur", "ko": "테이블에 앉기"},
    "open": {"en": "Open the table", "tr": "Masayı aç", "ko": "테이블 열기"},
    "quiet": {
        "en": "I will not message you about your turns any more. Send /notify to undo.",
        "tr": "Artık sıran geldiğinde mesaj atmayacağım. Geri almak için /notify gönder.",
        "ko": "이제 내 차례 알림을 보내지 않을게요. 다시 받으려면 /notify 를 보내세요.",
    },
    "notify": {
        "en": "I will message you when it is your turn. Send /quiet to stop.",
        "tr": "Sıra sana geldiğinde mesaj atacağım. Durdurmak için /quiet gönder.",
        "ko": "내 차례가 되면 알려 드릴게요. 그만 받으려면 /quiet 를 보내세요.",
    },
}


def text(key: str, lang: str) -> str:
    texts = TEXTS[key]
    return texts.get(lang, texts["en"])
