# syntax=docker/dockerfile:1
# nginx in front of the Paiyou app containers (deploy/compose.yaml): the official image, the site's
# static files baked in (served by nginx, never by gunicorn), the pages it shows when no app
# process answers in time, and deploy/nginx.conf as a template, which the image's entrypoint fills
# from PAIYOU_* variables (envsubst) into /etc/nginx/conf.d/.
# Build from the checkout root: docker build -f deploy/nginx.Dockerfile -t paiyou-nginx .
ARG PYTHON_IMAGE=python:3.11-slim-bookworm
ARG NGINX_IMAGE=nginx:1.28-alpine

# ---- the outage pages (paiyou.web.outage): rendered by the app, with its templates and catalogs,
# when the image is built, so that nginx has them while every app container is down
FROM ${PYTHON_IMAGE} AS outage
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PAIYOU_CONTENT_DIR=/srv/content \
    PAIYOU_TRANSLATIONS_DIR=/srv/translations \
    PAIYOU_INSTANCE_DIR=/tmp/instance
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine/ engine/
COPY site/ site/
# every version is pinned in pyproject.toml, which hadolint cannot see through
# hadolint ignore=DL3013
RUN pip install --no-cache-dir .
COPY content/ /srv/content/
COPY translations/ /srv/translations/
RUN python -c "from paiyou.i18n.catalogs import compile_catalogs; compile_catalogs('/srv/translations')" \
 && flask --app paiyou outage-pages /srv/outage

# ---- nginx
FROM ${NGINX_IMAGE}
# the image's welcome page would answer for "localhost"; our default servers answer nothing
RUN rm -f /etc/nginx/conf.d/default.conf
COPY site/paiyou/static/ /srv/static/
COPY --from=outage /srv/outage/ /srv/outage/
COPY deploy/nginx.conf /etc/nginx/templates/paiyou.conf.template
ENV NGINX_ENVSUBST_FILTER=^PAIYOU_ \
    PAIYOU_STATIC_ROOT=/srv/static \
    PAIYOU_OUTAGE_ROOT=/srv/outage
EXPOSE 80 443
