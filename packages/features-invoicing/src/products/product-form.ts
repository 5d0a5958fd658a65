import {
  DEFAULT_PRODUCT_UNIT,
  productRequestSchema,
  validateWith,
  type Product,
  type ProductRequestInput,
  type ProductType,
} from '@ledgerleaf/domain';

/** What the product form holds; NumberInput gives '' for an empty field. */
export interface ProductFormValues {
  name: string;
  description: string;
  type: ProductType;
  unit: string;
  unit_price: number | string;
  /** Select values are strings; '' is "no tax". */
  default_tax_rate_id: string;
  sku: string;
  is_active: boolean;
}

export function emptyProductValues(defaultTaxRateId: number | null): ProductFormValues {
  return {
    name: '',
    description: '',
    type: 'service',
    unit: DEFAULT_PRODUCT_UNIT.service,
    unit_price: '',
    default_tax_rate_id: defaultTaxRateId === null ? '' : String(defaultTaxRateId),
    sku: '',
    is_active: true,
  };
}

/**
 * The form's values with another type: the unit follows the type's default (a product by the item,
 * a service by the hour) while it is still the old type's default, a unit the person chose stays.
 */
export function withProductType(values: ProductFormValues, type: ProductType): ProductFormValues {
  const untouched = values.unit.trim() === '' || values.unit === DEFAULT_PRODUCT_UNIT[values.type];
  return { ...values, type, unit: untouched ? DEFAULT_PRODUCT_UNIT[type] : values.unit };
}

export function productToValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    type: product.type,
    unit: product.unit,
    unit_price: product.unit_price,
    default_tax_rate_id: product.default_tax_rate_id === null ? '' : String(product.default_tax_rate_id),
    sku: product.sku ?? '',
    is_active: product.is_active,
  };
}

export function productValuesToRequest(values: ProductFormValues): ProductRequestInput {
  return {
    name: values.name,
    description: values.description,
    type: values.type,
    unit: values.unit,
    // An empty price stays undefined so the schema answers with its own "required" message.
    unit_price: values.unit_price === '' ? (undefined as unknown as number) : Number(values.unit_price),
    default_tax_rate_id: values.default_tax_rate_id === '' ? null : Number(values.default_tax_rate_id),
    sku: values.sku,
    is_active: values.is_active,
  };
}

export function validateProduct(values: ProductFormValues): Record<string, string> {
  return validateWith(productRequestSchema, productValuesToRequest(values)).errors;
}

const FIELDS = new Set([
  'name',
  'description',
  'type',
  'unit',
  'unit_price',
  'default_tax_rate_id',
  'sku',
  'is_active',
]);
export const isProductField = (key: string) => FIELDS.has(key);
