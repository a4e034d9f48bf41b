/**
 * The catalogue's Bangla names for screens that show products kept in orders (My Orders, Manage
 * Orders, an order's details and packing slip). Orders store each product's English name; the
 * app (the dashboard layout) provides the catalogue here while Bangla is shown, and
 * `useStoredProductName` names a kept product in the language shown (product-name.ts).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocale } from './i18n';
import { storedProductNames, type StoredProduct } from './product-name';

type Catalogue = ReadonlyArray<{ _id: string; name: string; nameBn?: string | null | undefined }>;

type NameOf = (product: StoredProduct) => string;

const NameOfStored = createContext<NameOf>((product) => product.name);

/**
 * Gives the screens inside it the naming of kept products for `catalogue` (undefined while it is
 * not loaded, or not needed: English), made once here for every row that uses it.
 */
export function ProductNamesProvider({
  catalogue,
  children,
}: {
  catalogue: Catalogue | undefined;
  children: ReactNode;
}) {
  const locale = useLocale();
  const nameOf = useMemo(() => storedProductNames(catalogue, locale), [catalogue, locale]);
  return <NameOfStored.Provider value={nameOf}>{children}</NameOfStored.Provider>;
}

/** A function naming a product kept in an order in the language shown; the component renders again when the language or the catalogue changes. */
export function useStoredProductName(): NameOf {
  return useContext(NameOfStored);
}
