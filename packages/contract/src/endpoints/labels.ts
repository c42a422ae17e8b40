import Type from 'typebox';
import { LANGUAGE_CODES } from '../language-codes';
import { LABEL_PLATFORM } from '../label-assets';
import { Ok } from '../envelope-schema';
import { signed } from './signed';
import { INT4_MAX } from '../integers';

const LanguageCodeSchema = Type.Enum(LANGUAGE_CODES);

/** Any cache-busting query: the spec's `t` (a timestamp) and our `v` (the label version wanted). */
export const LabelAssetQuery = Type.Object({
  t: Type.Optional(Type.String({ maxLength: 32, description: 'timestamp that defeats caches (spec call 6 and 7)' })),
  v: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX, description: 'the label version the client expects; when current, the answer may be cached for a year' })),
});

export const LanguageConfigSchema = Type.Object(
  {
    VERSION: Type.Integer({ description: 'catalogue version (21)' }),
    META_HOME_VERSION: Type.Integer({ description: `label version of the ${LABEL_PLATFORM} platform (the website)` }),
    codes: Type.Array(
      Type.Object({
        code: LanguageCodeSchema,
        name: Type.String({ description: "the language's own name" }),
        browserCodes: Type.Array(Type.String()),
      }),
    ),
  },
  { additionalProperties: true },
);

export const PublishedLabelEntrySchema = Type.Object({
  key: Type.String(),
  describe: Type.String(),
  ...Object.fromEntries(LANGUAGE_CODES.map((code) => [code, Type.String()])),
});
export const LabelListSchema = Type.Array(PublishedLabelEntrySchema);

export const LabelTextsParams = Type.Object({ lang: LanguageCodeSchema });
export const LabelTextsSchema = Type.Record(Type.String(), Type.String(), {
  description: 'label key -> text in the asked language (English where it has none)',
});

/** Operator console: draft overrides of built-in texts, published as a new label version. */
export const consoleLabelOverridesPath = '/v1/console/labels/overrides';
export const consoleLabelOverrideSetPath = '/v1/console/labels/override';
export const consoleLabelOverrideRemovePath = '/v1/console/labels/override/remove';
export const consoleLabelPublishPath = '/v1/console/labels/publish';

export const LabelOverrideSchema = Type.Object({
  key: Type.String(),
  lang: LanguageCodeSchema,
  text: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const ListLabelOverridesQuery = signed({});
export const ListLabelOverridesResponse = Ok(
  Type.Object({
    publishedVersion: Type.Integer(),
    drafts: Type.Array(LabelOverrideSchema, { description: 'every override, published or not yet' }),
    unpublished: Type.Boolean({ description: 'whether the drafts differ from the published version' }),
  }),
);

export const SetLabelOverrideBody = signed({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  lang: LanguageCodeSchema,
  text: Type.String({ minLength: 1, maxLength: 5000 }),
});
export const RemoveLabelOverrideBody = signed({
  key: Type.String({ minLength: 1, maxLength: 200 }),
  lang: LanguageCodeSchema,
});
export const LabelOverrideResponse = Ok(LabelOverrideSchema);
export const RemoveLabelOverrideResponse = Ok(Type.Object({ removed: Type.Boolean() }));

export const PublishLabelsBody = signed({});
export const PublishLabelsResponse = Ok(Type.Object({ platform: Type.Literal(LABEL_PLATFORM), version: Type.Integer() }));
