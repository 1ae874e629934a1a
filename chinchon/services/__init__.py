"""What a page does, without Streamlit: each service takes the session's state and the store
and returns what to show."""
