"""Istaka inside Telegram: init data (:mod:`.initdata`), the bot's token and webhook
secret (:mod:`.credentials`), the Bot API (:mod:`.botapi`), the bot's answers
(:mod:`.bot`), which seats a Telegram user plays and whether they want messages
(:mod:`.links`), messages on turns (:mod:`.sender`), and the seam to the players
(:mod:`.players`). Without a bot token all of it is off.
"""
