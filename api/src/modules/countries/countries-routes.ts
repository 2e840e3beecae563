/** Countries (tracking spec 7 Countries): reference data for every signed-in user, answered as `data.countries`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryListSchema, type Country } from '@meridian/shared/contract/country';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';

export const countriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/geo/countries/all', { schema: { tags: ['reference data'], response: answers(countryListSchema) } }, async () =>
      ok({
        countries: await ctx.db.query<Country>(
          `select code, name, dialling_code as "diallingCode", currency_code as "currencyCode" from countries order by name, code`,
        ),
      }),
    );
  };
