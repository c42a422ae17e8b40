import Type from 'typebox';

export { localIpPath } from '../regional';

export const LocalIpResponse = Type.String({
  description: 'country name | ISO code | address, e.g. `Egypt|EG|41.32.0.1`; the first two parts are empty when unknown',
});
