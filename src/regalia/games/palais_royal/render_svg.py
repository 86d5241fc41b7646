def render_svg(view):
    return "<svg/>"
