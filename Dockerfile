# syntax=docker/dockerfile:1
# Paiyou web site: gunicorn (gthread) serving paiyou:create_app(), as a non-root user.
# Build: docker build -t paiyou .   Run: docker run -p 8000:8000 -e SECRET_KEY=... paiyou
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# ---- build: the project and its pinned dependencies in a venv, catalogs compiled
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH
RUN python -m venv /opt/venv
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine/ engine/
COPY site/ site/
# PostgreSQL (the games) and Redis (the shared rate-limit counts) for a multi-process deployment;
# every version is pinned in pyproject.toml, which hadolint cannot see through the extras
# hadolint ignore=DL3013
RUN pip install --no-cache-dir ".[postgres,redis]"
COPY content/ /srv/content/
COPY translations/ /srv/translations/
RUN python -c "from paiyou.i18n.catalogs import compile_catalogs; compile_catalogs('/srv/translations')"

# ---- runtime: no build tools, read-only code and data, non-root
FROM ${PYTHON_IMAGE} AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    PAIYOU_CONTENT_DIR=/srv/content \
    PAIYOU_TRANSLATIONS_DIR=/srv/translations \
    PAIYOU_INSTANCE_DIR=/srv/instance
RUN groupadd --system --gid 10001 paiyou \
 && useradd --system --uid 10001 --gid paiyou --no-create-home --shell /usr/sbin/nologin paiyou \
 && mkdir -p /srv/instance \
 && chown 10001:10001 /srv/instance
COPY --from=build /opt/venv /opt/venv
COPY --from=build /srv/content /srv/content
COPY --from=build /srv/translations /srv/translations
WORKDIR /srv
USER 10001:10001
# The instance folder holds the generated secret key (unless SECRET_KEY is set) and game data.
VOLUME ["/srv/instance"]
EXPOSE 8000
# --no-control-socket: gunicorn 25+ opens a control socket at one path per user
# ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl): two instances on one host (the tests,
# bench/servers.py) would take it from each other and the first to stop would remove the other's;
# nothing here uses gunicornc, and the root filesystem is read-only anyway.
HEALTHCHECK --interval=30s --timeout=3s \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/en/', timeout=2).status != 200)"]
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--workers", "2", "--worker-class", "gthread", "--threads", "4", "--access-logfile", "-", "--no-control-socket", "paiyou:create_app()"]
