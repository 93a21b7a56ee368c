# Fieldwatch server image: the API, the shell and the remotes' builds (the default remote map),
# the database migrations. Several replicas may run behind a proxy on one PostgreSQL
# (DATABASE_URL); remotes may also be released to a CDN and switched without a new image
# (docs/deploy.md). Build: docker build -t fieldwatch .   Run: see docs/deploy.md.
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@9.15.9
COPY . .
# The whole front end and the server bundle; then the server's production dependencies alone.
RUN pnpm install --frozen-lockfile \
 && node tools/build.mjs \
 && pnpm --filter @fieldwatch/server deploy --prod /out/server \
 && rm -rf /out/server/src /out/server/test /out/server/bench

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STATIC_ROOT=/app \
    DATA_DIR=/data/pglite \
    RELEASES_DIR=/data/releases \
    MAIL_DIR=/data/mail
COPY --from=build /out/server /app/server
COPY --from=build /src/shell/dist /app/shell/dist
COPY --from=build /src/mf-dashboard/dist /app/mf-dashboard/dist
COPY --from=build /src/mf-devices/dist /app/mf-devices/dist
COPY --from=build /src/mf-tasks/dist /app/mf-tasks/dist
COPY --from=build /src/mf-admin/dist /app/mf-admin/dist
COPY --from=build /src/mf-onboarding/dist /app/mf-onboarding/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/main.cjs"]
