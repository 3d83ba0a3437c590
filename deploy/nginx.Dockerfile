# syntax=docker/dockerfile:1
# nginx in front of the Paiyou app containers (deploy/compose.yaml): the official image, the site's
# static files baked in (served by nginx, never by gunicorn) and deploy/nginx.conf as a template,
# which the image's entrypoint fills from PAIYOU_* variables (envsubst) into /etc/nginx/conf.d/.
# Build from the checkout root: docker build -f deploy/nginx.Dockerfile -t paiyou-nginx .
ARG NGINX_IMAGE=nginx:1.28-alpine
FROM ${NGINX_IMAGE}
# the image's welcome page would answer for "localhost"; our default servers answer nothing
RUN rm -f /etc/nginx/conf.d/default.conf
COPY site/paiyou/static/ /srv/static/
COPY deploy/nginx.conf /etc/nginx/templates/paiyou.conf.template
ENV NGINX_ENVSUBST_FILTER=^PAIYOU_ \
    PAIYOU_STATIC_ROOT=/srv/static
EXPOSE 80 443
