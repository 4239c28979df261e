"""The Lambda API. Before anything in it imports Powertools' event handler, the resolver
this API uses is made importable without the ones it does not (api/web/powertools.py)."""

from api.web.powertools import install

install()
