"""What the pages show: page models (hand lab, lay-off table, tour, variants), card faces
as SVG strings and the translations. No Streamlit here; the engine never imports this."""
