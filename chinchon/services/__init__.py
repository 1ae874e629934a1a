"""What a page does, without Streamlit: each service takes the session's state and the store
and returns what to show."""

from collections.abc import MutableMapping
from typing import Any

#: The session's state: ``st.session_state`` (whose keys may be ints too) or a plain dict.
State = MutableMapping[Any, Any]
