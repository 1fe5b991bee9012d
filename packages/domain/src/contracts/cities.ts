import { z } from 'zod';
import { MESSAGES } from '../messages';
import { onlyDigits } from '../text';
import { boundedString } from './common';

/** A municipality of the IBGE list (id: its IBGE code), with "Name - UF" as the screens show it. */
export const City = z.object({ id: z.number().int(), name: z.string(), state: z.string(), description: z.string() });
export type City = z.infer<typeof City>;

/** GET /api/cities/search/{text} */
export const CitySearchParams = z.object({ text: boundedString({ max: 80 }) });

/** ?uf=: the state of the CEP already typed, whose cities come first. */
export const CitySearchQuery = z.object({
  uf: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
});

/** GET /api/cities/search/{text} → at most 20 cities, best matches first. */
export const CitySearchResponse = z.object({ cities: z.array(City) });
export type CitySearchResponse = z.infer<typeof CitySearchResponse>;

/** GET /api/cep/{cep}: 8 digits, with or without the hyphen. */
export const CepParams = z.object({
  cep: z
    .string()
    .max(9)
    .regex(/^\d{5}-?\d{3}$/, MESSAGES.cepIncomplete)
    .transform((v) => onlyDigits(v)),
});

/**
 * GET /api/cep/{cep}: what is known about a CEP. The embedded lookup knows only the state; a real service (ViaCEP)
 * also the city, and usually the street and neighbourhood (not for a CEP that covers a whole small town).
 */
export const CepLookupResponse = z.object({
  cep: z.string(),
  state: z.string(),
  city: City.nullable(),
  street: z.string().nullable(),
  neighborhood: z.string().nullable(),
});
export type CepLookupResponse = z.infer<typeof CepLookupResponse>;
