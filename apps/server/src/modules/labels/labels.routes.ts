import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiRoutes } from '../../plugins/signature';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LabelAssetQuery, LabelListSchema, LabelTextsParams, LabelTextsSchema, LanguageConfigSchema } from '@vsp/contract/endpoints/labels';
import { LABEL_PLATFORM, LABEL_VERSION_HEADER, labelListPath, labelTextsPathPattern, languageConfigPath } from '@vsp/contract/label-assets';
import { currentUser } from '../../plugins/authenticate';
import { operationRoute } from '../../plugins/operation-route';
import type { ModuleOptions } from '../server-module';
import type { LabelsService } from './labels.service';

/**
 * Revalidate on every use (the versions move when an operator publishes), except a texts download
 * that names the current version in `v`: those bytes never change and may be cached for a year.
 */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendAsset(request: FastifyRequest, reply: FastifyReply, etag: string, cacheControl: string, json: () => string) {
  void reply.header('etag', etag).header('cache-control', cacheControl);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json());
}

/** Calls 6 and 7 of spec section 7 and the per-language split; unsigned static-asset style. */
export const labelAssetRoutes: FastifyPluginAsyncTypebox<ModuleOptions<{ labels: LabelsService }>> = async (app, { services: { labels } }) => {
  app.get(
    languageConfigPath,
    {
      schema: {
        tags: ['labels'],
        summary: 'Language config: VERSION, META_HOME_VERSION and the language codes (call 6)',
        querystring: LabelAssetQuery,
        response: { 200: LanguageConfigSchema },
      },
    },
    async (request, reply) => {
      const published = await labels.published();
      return sendAsset(request, reply, `"config-${published.tag}"`, REVALIDATE, () => published.configJson);
    },
  );

  app.get(
    labelListPath,
    {
      schema: {
        tags: ['labels'],
        summary: 'Every label entry: key, describe and one text per language (call 7)',
        querystring: LabelAssetQuery,
        response: { 200: LabelListSchema },
      },
    },
    async (request, reply) => {
      const published = await labels.published();
      void reply.header(LABEL_VERSION_HEADER, String(published.version));
      return sendAsset(request, reply, `"labels-${published.tag}"`, REVALIDATE, published.listJson);
    },
  );

  app.get(
    labelTextsPathPattern,
    {
      schema: {
        tags: ['labels'],
        summary: `One language's texts as key -> text, the ${LABEL_PLATFORM} version in the ${LABEL_VERSION_HEADER} header`,
        params: LabelTextsParams,
        querystring: LabelAssetQuery,
        response: { 200: LabelTextsSchema },
      },
    },
    async (request, reply) => {
      const published = await labels.published();
      const { lang } = request.params;
      void reply.header(LABEL_VERSION_HEADER, String(published.version));
      const cacheControl = request.query.v === published.version ? IMMUTABLE : REVALIDATE;
      return sendAsset(request, reply, `"${lang}-${published.tag}"`, cacheControl, () => published.textsJson(lang));
    },
  );
};

/** Signed operator calls behind the console's label editor: drafts, then publish. */
export const labelConsoleRoutes: ApiRoutes<ModuleOptions<{ labels: LabelsService }>> = async (app, { services: { labels } }) => {
  app.route({
    ...operationRoute(app, 'labelOverrides', { tags: ['console'], summary: 'Label overrides (drafts) and the published version' }),
    handler: async () => labels.overrides(),
  });

  app.route({
    ...operationRoute(app, 'setLabelOverride', { tags: ['console'], summary: 'Set the draft text of one label in one language' }),
    handler: async (request) => {
      const { key, lang, text } = request.body;
      const row = await labels.setOverride(key, lang, text, currentUser(request).uid);
      return { key: row.key, lang, text: row.text, updatedAt: row.updatedAt.toISOString() };
    },
  });

  app.route({
    ...operationRoute(app, 'removeLabelOverride', { tags: ['console'], summary: 'Drop a draft override (the built-in text returns with the next publish)' }),
    handler: async (request) => ({ removed: await labels.removeOverride(request.body.key, request.body.lang, currentUser(request).uid) }),
  });

  app.route({
    ...operationRoute(app, 'publishLabels', { tags: ['console'], summary: 'Publish the drafts as a new label version (bumps META_HOME_VERSION)' }),
    handler: async (request) => ({ platform: LABEL_PLATFORM, version: await labels.publish(currentUser(request).uid) }),
  });
};
