import { z } from 'zod';
import { amountSchema, listQuerySchema, pageSchema } from '../common';
import { MAX_ID } from '../limits';
import {
  catalogStatusFilterSchema,
  importPreviewSchema,
  catalogNameSchema,
  optionalTextSchema,
  parseCsvBoolean,
  parseCsvNumber,
  recordStatusSchema,
} from './shared';
import { CATALOG_MESSAGES, NOTES_MAX_LENGTH } from './messages';
import { taxRateRefSchema } from './tax-rates';

export const productTypeSchema = z.enum(['product', 'service'], { error: CATALOG_MESSAGES.typeInvalid });
export type ProductType = z.infer<typeof productTypeSchema>;

/** Units offered by the forms; any other short unit is accepted too. */
export const PRODUCT_UNITS = [
  'hour',
  'day',
  'week',
  'month',
  'item',
  'piece',
  'project',
  'license',
  'kg',
  'm',
] as const;

/** The unit a new item of each type starts with (a service by the hour, a product by the item). */
export const DEFAULT_PRODUCT_UNIT: Record<ProductType, (typeof PRODUCT_UNITS)[number]> = {
  service: 'hour',
  product: 'item',
};

/**
 * Create and update (PUT replaces every field). `unit_price` is a decimal amount (converted to
 * integer cents on the server); `default_tax_rate_id` must be one of the business's active tax rates.
 */
export const productRequestSchema = z.strictObject({
  name: catalogNameSchema,
  description: optionalTextSchema(NOTES_MAX_LENGTH),
  type: productTypeSchema.default('service'),
  unit: z
    .string({ error: CATALOG_MESSAGES.unitRequired })
    .trim()
    .min(1, CATALOG_MESSAGES.unitRequired)
    .max(32, CATALOG_MESSAGES.textTooLong(32))
    .default('item'),
  unit_price: amountSchema,
  default_tax_rate_id: z
    .number({ error: CATALOG_MESSAGES.taxRateUnknown })
    .int(CATALOG_MESSAGES.taxRateUnknown)
    .positive(CATALOG_MESSAGES.taxRateUnknown)
    .max(MAX_ID, CATALOG_MESSAGES.taxRateUnknown)
    .nullish()
    .transform((value) => value ?? null),
  sku: z
    .string({ error: CATALOG_MESSAGES.skuInvalid })
    .trim()
    .max(64, CATALOG_MESSAGES.skuInvalid)
    .nullish()
    .transform((value) => (value == null || value === '' ? null : value)),
  is_active: z.boolean().default(true),
});
export const productCreateRequestSchema = productRequestSchema;
export const productUpdateRequestSchema = productRequestSchema;
export type ProductRequestInput = z.input<typeof productRequestSchema>;
export type ProductRequest = z.output<typeof productRequestSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: productTypeSchema,
  unit: z.string(),
  unit_price: z.number(),
  default_tax_rate_id: z.number().int().nullable(),
  default_tax_rate: taxRateRefSchema.nullable(),
  sku: z.string().nullable(),
  is_active: z.boolean(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productResponseSchema = z.object({ data: productSchema, message: z.string().optional() });
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const PRODUCT_SORT_FIELDS = ['name', 'created_at', 'unit_price', 'sku'] as const;
/** `GET /api/products?search=&sort=name|created_at|unit_price|sku&direction=&page=&per_page=&status=&type=` */
export const productListQuerySchema = listQuerySchema(PRODUCT_SORT_FIELDS, 'name').extend({
  status: catalogStatusFilterSchema.default('active'),
  type: productTypeSchema.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;
export const productPageSchema = pageSchema(productSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

/** One row of the product picker of the invoice editor: what a line needs to fill itself. Active, non-archived only. */
export const productPickerItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: productTypeSchema,
  unit: z.string(),
  unit_price: z.number(),
  sku: z.string().nullable(),
  default_tax_rate: taxRateRefSchema.nullable(),
});
export type ProductPickerItem = z.infer<typeof productPickerItemSchema>;
export const productPickerResponseSchema = z.object({ data: z.array(productPickerItemSchema) });
export type ProductPickerResponse = z.infer<typeof productPickerResponseSchema>;

/**
 * CSV columns in export order. Import: `name` and `unit_price` required; `tax_rate` is matched by
 * name against the business's active tax rates; `id`, `status` and `created_at` are export-only.
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'sku',
  'type',
  'unit',
  'unit_price',
  'tax_rate',
  'description',
  'is_active',
  'status',
  'created_at',
] as const;
export const PRODUCT_CSV_EXPORT_ONLY = ['id', 'status', 'created_at'] as const;
export const PRODUCT_CSV_REQUIRED = ['name', 'unit_price'] as const;

/**
 * Maps a CSV row to the create request, before validation. `taxRateIdByName` resolves the
 * `tax_rate` column (case-insensitive name); an unknown name is a row error.
 */
export function productCsvRowToRequest(
  values: Record<string, string>,
  taxRateIdByName: (name: string) => number | undefined,
): { input: Record<string, unknown>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const cell = (key: string): string | undefined => {
    const v = values[key];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const input: Record<string, unknown> = {
    name: values.name ?? '',
    description: cell('description') ?? null,
    sku: cell('sku') ?? null,
  };
  const type = cell('type')?.toLowerCase();
  if (type !== undefined) input.type = type;
  const unit = cell('unit');
  if (unit !== undefined) input.unit = unit;
  const price = parseCsvNumber(values.unit_price);
  if (price === null) errors.unit_price = [CATALOG_MESSAGES.csvNumberInvalid];
  else input.unit_price = price;
  const active = parseCsvBoolean(values.is_active, true);
  if (active === null) errors.is_active = [CATALOG_MESSAGES.csvBooleanInvalid];
  else input.is_active = active;
  const taxName = cell('tax_rate');
  if (taxName !== undefined) {
    const id = taxRateIdByName(taxName);
    if (id === undefined) errors.tax_rate = [CATALOG_MESSAGES.taxRateUnknown];
    else input.default_tax_rate_id = id;
  }
  return { input, errors };
}

export const productImportPreviewSchema = importPreviewSchema(productRequestSchema);
export type ProductImportPreview = z.infer<typeof productImportPreviewSchema>;
