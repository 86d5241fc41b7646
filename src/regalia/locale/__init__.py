"""Message catalogs (gettext, domain ``regalia``) and the list of languages."""
