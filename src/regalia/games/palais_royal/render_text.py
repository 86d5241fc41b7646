def render_text(view, *, width=100, height=40):
    return ""
