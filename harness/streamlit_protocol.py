"""A browser's side of Streamlit's websocket protocol, without a browser.

The one module that talks Streamlit's protocol (its ``BackMsg`` / ``ForwardMsg`` protobufs and
the private trigger ids of the v2 components), shared by the load benchmark
(``benchmarks/bench_load.py``, ``load_tables.py``, ``load_live.py``) and the live-question page
test. A :class:`Session` sends the rerun requests a browser sends (``rerun_script`` with the
page and the widget states of a click or a typed value) and reads the ``ForwardMsg`` stream until
the script has finished, keeping Streamlit's message cache as the browser does (a large message
seen before comes back as a reference to its hash). :class:`FragmentClient` also follows the
``auto_rerun`` timer a polled fragment asks for.

Those messages are Streamlit's internals and change between versions: importing this module
checks that the installed Streamlit is the one it was written for (:data:`WRITTEN_FOR`, the
``streamlit==1.67.*`` pin of pyproject.toml) and fails naming both versions otherwise.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import streamlit

#: The Streamlit release (major.minor) whose protocol this module speaks.
WRITTEN_FOR = "1.67"


class StreamlitVersionError(ValueError):
    """The installed Streamlit is not the one this client of its protocol was written for."""


def check_streamlit_version(installed: str) -> None:
    """Raise :class:`StreamlitVersionError` unless ``installed`` is a :data:`WRITTEN_FOR`
    release.

    >>> check_streamlit_version("1.67.2")
    >>> check_streamlit_version("1.68.0")
    Traceback (most recent call last):
    ...
    harness.streamlit_protocol.StreamlitVersionError: ...
    """
    if installed.split(".")[:2] != WRITTEN_FOR.split("."):
        raise StreamlitVersionError(
            f"harness/streamlit_protocol.py speaks the websocket protocol of Streamlit "
            f"{WRITTEN_FOR}.*, but Streamlit {installed!r} is installed: check its messages "
            f"against the new release, then update WRITTEN_FOR and pyproject.toml's pin")


check_streamlit_version(streamlit.__version__)

# Imported after the check: a mismatched release may not even have these modules.
from streamlit.components.v2.bidi_component.main import _make_trigger_id  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402

#: A script that takes longer than this is counted as an error (a hang).
TIMEOUT = 30.0
_FINISHED = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
             ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


def stream_url(url: str) -> str:
    """The websocket address of the Streamlit server at ``url``.

    >>> stream_url("http://127.0.0.1:8501")
    'ws://127.0.0.1:8501/_stcore/stream'
    """
    return url.replace("http://", "ws://") + "/_stcore/stream"


def open_stream(url: str, headers: Mapping[str, str] | None = None) -> Any:
    """Connect to the server at ``url`` as a browser tab does (``async with`` it, or await it
    for the connection); ``headers``: a cookie, say."""
    return connect(stream_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                   max_size=None, open_timeout=TIMEOUT, additional_headers=headers or {})


@dataclass
class Widgets:
    """What the last run drew: widget ids by key or label, the card codes of each component."""

    ids: dict[str, str] = field(default_factory=dict)  # key or label -> widget id
    kinds: dict[str, str] = field(default_factory=dict)  # widget id -> "button", "checkbox"…
    #: Button groups (segmented controls): widget id -> the options as the page words them.
    choices: dict[str, list[str]] = field(default_factory=dict)
    components: dict[str, tuple[str, list[str]]] = field(default_factory=dict)  # key -> (id, codes)
    exceptions: list[str] = field(default_factory=list)

    def find(self, needle: str, kind: str | None = None) -> str | None:
        """The first widget whose key or label holds ``needle`` (of that ``kind`` if given)."""
        return next((wid for name, wid in self.ids.items()
                     if needle in name and (kind is None or self.kinds.get(wid) == kind)), None)


class Session:
    """One browser tab on one connection: the pages, the one shown, what its last run drew."""

    def __init__(self, ws: ClientConnection, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.pages: dict[str, str] = {}  # url path -> page script hash
        self.page_hash = ""
        self.page_name = ""
        self.query = "lang=en&rules=barajamos"
        self.widgets = Widgets()
        # Streamlit's message cache, as the browser keeps it: a large message seen before comes
        # back as a reference to its hash.
        self.cache: dict[str, ForwardMsg] = {}

    async def rerun(self, states: Sequence[WidgetState] = (), page: str | None = None) -> float:
        """Send one rerun request; read until the script finishes; the seconds it took."""
        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query
        client.page_name = page if page is not None else self.page_name
        client.page_script_hash = self.pages.get(page, "") if page is not None else self.page_hash
        client.widget_states.widgets.extend(states)
        client.cached_message_hashes.extend(self.cache)
        self.widgets = Widgets()
        return await self.exchange(msg)

    async def exchange(self, msg: BackMsg) -> float:
        """Send ``msg``; read the answers until the script finishes; the seconds it took."""
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        while True:
            data = await asyncio.wait_for(self.ws.recv(), TIMEOUT)
            forward = ForwardMsg()
            forward.ParseFromString(data)
            self._read(forward)
            if (forward.WhichOneof("type") == "script_finished"
                    and forward.script_finished in _FINISHED):
                return time.perf_counter() - start

    def _read(self, forward: ForwardMsg) -> None:
        kind = forward.WhichOneof("type")
        if kind == "ref_hash":
            forward = self.cache[forward.ref_hash]
            kind = forward.WhichOneof("type")
        elif forward.metadata.cacheable and forward.hash:
            self.cache[forward.hash] = forward
        if kind == "navigation":  # the pages, and the one this run shows
            nav = forward.navigation
            self.pages = {page.url_pathname: page.page_script_hash for page in nav.app_pages}
            self.page_hash = nav.page_script_hash
        elif kind == "page_info_changed":
            self.query = forward.page_info_changed.query_string
        elif kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
            self._element(forward.delta.new_element)

    def _element(self, element: Any) -> None:
        kind = element.WhichOneof("type")
        if kind == "exception":
            self.widgets.exceptions.append(f"{element.exception.type}: {element.exception.message}")
        elif kind == "bidi_component":
            proto = element.bidi_component
            data = json.loads(proto.json) if proto.WhichOneof("data") == "json" else {}
            codes = [code for row in data.get("rows", []) for code in row]
            self.widgets.components[proto.id] = (proto.id, codes)
        elif kind in ("text_input", "button", "checkbox", "button_group"):
            widget = getattr(element, kind)
            if not widget.disabled:  # a browser cannot click a disabled button either
                self.widgets.ids[f"{widget.id} {widget.label}"] = widget.id
                self.widgets.kinds[widget.id] = kind
            if kind == "button_group":
                self.widgets.choices[widget.id] = [option.content for option in widget.options]

    # --- Interactions ---------------------------------------------------------------------------

    async def open(self, page: str) -> float:
        took = await self.rerun(page=page)
        self.page_name = page
        self.page_hash = self.pages.get(page, self.page_hash)
        return took

    async def type_text(self, key: str, text: str) -> float | None:
        widget = self.widgets.find(key)
        if widget is None:
            return None
        return await self.rerun([WidgetState(id=widget, string_value=text)])

    async def press(self, *labels: str) -> float | None:
        """Press the first button found among ``labels`` (keys or labels)."""
        # only buttons: a segmented control labelled "Next puzzle…" takes no trigger
        found = (self.widgets.find(label, "button") for label in labels)
        widget = next((w for w in found if w is not None), None)
        if widget is None:
            return None
        return await self.rerun([WidgetState(id=widget, trigger_value=True)])

    async def toggle(self, key: str) -> float | None:
        widget = self.widgets.find(key, "checkbox")
        if widget is None:
            return None
        return await self.rerun([WidgetState(id=widget, bool_value=self.rng.random() < 0.5)])

    async def choose(self, key: str, index: int) -> float | None:
        """Pick option ``index`` of a segmented control."""
        widget = self.widgets.find(key, "button_group")
        options = self.widgets.choices.get(widget or "", [])
        if widget is None or len(options) <= index:
            return None
        state = WidgetState(id=widget)
        state.string_array_value.data.append(options[index])
        return await self.rerun([state])

    async def click_card(self, key: str) -> float | None:
        found = next((item for cid, item in self.widgets.components.items() if key in cid), None)
        if found is None or not found[1]:
            return None
        component, codes = found
        payload = json.dumps([{"event": "clicked", "value": self.rng.choice(codes)}])
        return await self.rerun([WidgetState(id=_make_trigger_id(component, "events"),
                                             json_trigger_value=payload)])


class FragmentClient(Session):
    """A page with a polled fragment, as a browser runs it: the fragment's timer (the
    ``auto_rerun`` the page asks for) and the data of each card component it drew."""

    def __init__(self, ws: Any, rng: Any, query: str) -> None:
        super().__init__(ws, rng)
        self.query = query
        self.fragment = ""
        self.interval = 1.0
        self.data: dict[str, dict[str, Any]] = {}

    def _read(self, forward: ForwardMsg) -> None:
        super()._read(forward)
        kind = forward.WhichOneof("type")
        if kind == "auto_rerun":
            self.fragment = forward.auto_rerun.fragment_id
            self.interval = forward.auto_rerun.interval
        elif kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
            self._shown(forward.delta.new_element)

    def _shown(self, element: Any) -> None:
        """One element the page drew (a subclass reads its own hooks too)."""
        if element.WhichOneof("type") == "bidi_component":
            proto = element.bidi_component
            if proto.WhichOneof("data") == "json":
                self.data[proto.id] = json.loads(proto.json)

    async def poll(self) -> float:
        """What the fragment's timer sends: a rerun of the fragment only."""
        msg = BackMsg()
        client = msg.rerun_script
        client.query_string = self.query
        client.page_name = self.page_name
        client.page_script_hash = self.page_hash
        client.fragment_id = self.fragment
        client.is_auto_rerun = True
        client.cached_message_hashes.extend(self.cache)
        return await self.exchange(msg)

    def component(self, key: str) -> tuple[str, dict[str, Any]] | None:
        return next(((cid, data) for cid, data in self.data.items() if cid.endswith(key)), None)

    async def trigger(self, key: str, event: str, value: str) -> bool:
        found = self.component(key)
        if found is None:
            return False
        payload = json.dumps([{"event": event, "value": value}])
        await self.rerun([WidgetState(id=_make_trigger_id(found[0], "events"),
                                      json_trigger_value=payload)])
        return True
