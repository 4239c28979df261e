"""Players without sign-up: an anonymous player per device, candy and stats.

- :mod:`.model`: the stored player item and its key (``pl~<player id>``).
- :mod:`.accounts`: store-level functions to build on (``create_player``,
  ``player_by_token``, ``get_player``, ``update_player``, ``issue_token``, ``rename``).
- :mod:`.credit`: the candy and stats rules for one finished hand (pure).
- :mod:`.stream`: the consumer of table changes that applies them, after the hand.
- :mod:`.requests`: what the HTTP routes (api/players/routes.py) answer.
"""
