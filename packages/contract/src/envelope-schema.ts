import Type, { type TSchema } from 'typebox';
import { STATUS_OK } from './envelope';

export const Ok = <T extends TSchema>(data: T) => Type.Object({ status: Type.Literal(STATUS_OK), data });

export const FieldIssueSchema = Type.Object({ field: Type.String(), rule: Type.String() });

export const FailureSchema = Type.Object(
  {
    status: Type.Integer({ description: 'never 1' }),
    errInfo: Type.Object({
      code: Type.Integer({ description: 'a code of the error catalogue' }),
      message: Type.String({ description: 'the English text of the code' }),
      params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
      fields: Type.Optional(Type.Array(FieldIssueSchema)),
    }),
  },
  { $id: 'Failure' },
);
