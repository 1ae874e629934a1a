"""The learner cookie, set by the server with ``HttpOnly`` so no script on the page can read
the learner id (a bearer secret: whoever holds it continues as that learner).

Streamlit reruns a page over its websocket, where no HTTP response can carry a
``Set-Cookie``; so a run that must change the cookie leaves a *ticket* here (random, single
use, :data:`TICKET_SECONDS` long) and a tiny component asks :data:`ROUTE` to redeem it: the
answer sets (or deletes) the cookie, and holds no id. The route is a Starlette route of the
site's ASGI launcher (``site_app.py``, run with ``streamlit run site_app.py``); tickets live in
the memory of the server that holds the session, as Streamlit's own session state does (a
fleet of servers needs sticky sessions for Streamlit anyway). A site started from ``app.py``
has no route: :data:`serving` stays False and the page writes the cookie from its script.
"""

from __future__ import annotations

import secrets
import threading
import time

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

COOKIE = "chinchon_learner"
COOKIE_DAYS = 730
ROUTE = "/api/learner-cookie"
TICKET_SECONDS = 120.0
#: True once the ASGI launcher installed :data:`ROUTE` in this process.
serving = False

_lock = threading.Lock()
_tickets: dict[str, tuple[str | None, float]] = {}


def issue(value: str | None) -> str:
    """A ticket that sets the cookie to ``value`` (None: deletes it) once redeemed."""
    ticket = secrets.token_urlsafe(24)
    now = time.monotonic()
    with _lock:
        for old in [t for t, (_, until) in _tickets.items() if until < now]:
            del _tickets[old]
        _tickets[ticket] = (value, now + TICKET_SECONDS)
    return ticket


def redeem(ticket: str) -> tuple[bool, str | None]:
    """``(True, value)`` for a live ticket (used up now); ``(False, None)`` otherwise."""
    with _lock:
        found = _tickets.pop(ticket, None)
    if found is None or found[1] < time.monotonic():
        return False, None
    return True, found[0]


async def _set_cookie(request: Request) -> Response:
    found, value = redeem(request.query_params.get("ticket", ""))
    if not found:
        return Response("no such ticket", status_code=404, media_type="text/plain")
    response = Response(status_code=204, headers={"Cache-Control": "no-store"})
    secure = (request.url.scheme == "https"
              or request.headers.get("x-forwarded-proto", "").startswith("https"))
    if value is None:
        response.delete_cookie(COOKIE, path="/", secure=secure, httponly=True, samesite="lax")
    else:
        response.set_cookie(COOKIE, value, max_age=COOKIE_DAYS * 86400, path="/",
                            secure=secure, httponly=True, samesite="lax")
    return response


def routes() -> list[Route]:
    """The launcher's routes (and, from now on, :data:`serving`)."""
    global serving
    serving = True
    return [Route(ROUTE, _set_cookie, methods=["POST"])]
