"""The site's templates, scripts, styles and drawings."""
