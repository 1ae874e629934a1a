"""The Streamlit side: the helpers every page shares (``webui.ui``) and the clickable-card
component (``webui.card_buttons``). Pages in ``pages/`` only lay out."""
