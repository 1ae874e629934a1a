"""The Streamlit side: the helpers every page shares (``webui.ui``) and the clickable-card
component (``webui.card_buttons``). Pages in ``pages/`` only lay out. A component's JavaScript
and CSS are files beside its module, read once at import; the site's colours are named once,
as ``--cl-*`` variables in ``webui/site.css``, which ``webui.ui.setup_page`` puts on every page."""
