"""Marshmallow schemas for the tables' requests and responses, and the loading helpers every
route uses (each takes a schema class, made once). One module per subject: the shared
fields (common), the requests, the view every variant shares and each variant's own
(shared_view, view_classic, view_101, views), the other answers (responses) and the loading
(loading). Everything is imported from here, ``api.tables.schemas``, as before the split. Web
Push's, the players' and the friends' own schemas are in api/push/schemas.py,
api/players/schemas.py and api/friends/schemas.py; the OpenAPI document is built from all
of them."""

from __future__ import annotations

from api.tables.schemas.common import FullMatch, Int, QueryInt, request_id_field, strict_int
from api.tables.schemas.requests import (
    MAX_RACK,
    MODES,
    TILE_ID,
    ActionRequest,
    ArrangementQuery,
    BotSeatRequest,
    CreateTableRequest,
    JoinRequest,
    OptionsSchema,
    RackRequest,
    SeatQuery,
    SeatSpecSchema,
    StartRequest,
    StatusEntryRequest,
    ViewQuery,
)
from api.tables.schemas.responses import (
    ArrangementResponse,
    CreateTableResponse,
    JoinResponse,
    RackResponse,
    StaleErrorSchema,
    TableStatusErrorSchema,
    TableStatusesResponse,
    TableStatusSchema,
)
from api.tables.schemas.shared_view import PlayerSchema, ResultItemSchema, SharedViewSchema
from api.tables.schemas.view_101 import (
    Legal101Schema,
    PenaltyFitSchema,
    Seat101Schema,
    View101Schema,
)
from api.tables.schemas.view_classic import LegalSchema, ResultSchema, SeatViewSchema, ViewSchema
from api.tables.schemas.views import AnyViewSchema, ViewField, dump_view
from api.web.loading import Later, SchemaArg, instance, load, load_later, load_list
from api.web.operation import ErrorDetailSchema, ErrorSchema

__all__ = [
    "MAX_RACK",
    "MODES",
    "TILE_ID",
    "ActionRequest",
    "AnyViewSchema",
    "ArrangementQuery",
    "ArrangementResponse",
    "BotSeatRequest",
    "CreateTableRequest",
    "CreateTableResponse",
    "ErrorDetailSchema",
    "ErrorSchema",
    "FullMatch",
    "Int",
    "JoinRequest",
    "JoinResponse",
    "Later",
    "Legal101Schema",
    "LegalSchema",
    "OptionsSchema",
    "PenaltyFitSchema",
    "PlayerSchema",
    "QueryInt",
    "RackRequest",
    "RackResponse",
    "ResultItemSchema",
    "ResultSchema",
    "SchemaArg",
    "Seat101Schema",
    "SeatQuery",
    "SeatSpecSchema",
    "SeatViewSchema",
    "SharedViewSchema",
    "StaleErrorSchema",
    "StartRequest",
    "StatusEntryRequest",
    "TableStatusErrorSchema",
    "TableStatusSchema",
    "TableStatusesResponse",
    "View101Schema",
    "ViewField",
    "ViewQuery",
    "ViewSchema",
    "dump_view",
    "instance",
    "load",
    "load_later",
    "load_list",
    "request_id_field",
    "strict_int",
]
