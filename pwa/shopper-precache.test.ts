import { describe, expect, it } from 'vitest';
import { onDemandFiles, roleFiles } from './shopper-precache';

/** A chunk of a build's bundle, as onDemandFiles reads it. */
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  links: { imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry: links.isEntry ?? false,
  imports: links.imports ?? [],
  dynamicImports: links.dynamicImports ?? [],
  viteMetadata: { importedCss: new Set(links.css ?? []) },
});
const bundle = (...files: ReturnType<typeof chunk>[]) => Object.fromEntries(files.map((file) => [file.fileName, file]));
const isOnDemand = (id: string) => /admin-|dawn-board/.test(id);

describe('onDemandFiles', () => {
  it('leaves out a role page, the code only it imports and its CSS; keeps what a shopper page shares with it', () => {
    const files = bundle(
      chunk('index.js', '/src/main.tsx', {
        isEntry: true,
        css: ['index.css'],
        dynamicImports: ['shop.js', 'admin-orders.js'],
      }),
      chunk('shop.js', '/src/routes/shop.tsx', { imports: ['grid.js'] }),
      chunk('admin-orders.js', '/src/routes/admin-orders.tsx', {
        imports: ['grid.js', 'queue.js'],
        css: ['admin.css'],
      }),
      chunk('grid.js', null),
      chunk('queue.js', null),
    );
    expect(
      onDemandFiles({ ...files, 'index.css': { type: 'asset', fileName: 'index.css' } }, isOnDemand).sort(),
    ).toEqual(['admin-orders.js', 'queue.js']);
  });

  it('follows a shopper page to its lazy parts, but not past a role entry it may open lazily', () => {
    const files = bundle(
      chunk('index.js', '/src/main.tsx', { isEntry: true, dynamicImports: ['dashboard-home.js'] }),
      chunk('dashboard-home.js', '/src/routes/dashboard-home.tsx', { dynamicImports: ['dawn-board.js', 'bn.js'] }),
      chunk('dawn-board.js', '/src/reports/dawn-board.tsx', { dynamicImports: ['chart.js'] }),
      chunk('chart.js', '/src/reports/chart.tsx'),
      chunk('bn.js', '/src/i18n/bn.json'),
    );
    expect(onDemandFiles(files, isOnDemand).sort()).toEqual(['chart.js', 'dawn-board.js']);
  });

  it('keeps a role page that a shopper page also imports statically', () => {
    const files = bundle(
      chunk('index.js', '/src/main.tsx', { isEntry: true, imports: ['admin-form.js'] }),
      chunk('admin-form.js', '/src/admin-form.tsx'),
    );
    expect(onDemandFiles(files, isOnDemand)).toEqual([]);
  });
});

describe('roleFiles', () => {
  const roles = { admin: /admin-|dawn-board/, rider: /rider-run/ };
  const isOnDemand = (id: string) => /admin-|dawn-board|rider-run|login/.test(id);
  const files = bundle(
    chunk('index.js', '/src/main.tsx', {
      isEntry: true,
      dynamicImports: ['shop.js', 'admin-orders.js', 'admin-areas.js', 'rider-run.js', 'login.js', 'home.js'],
    }),
    chunk('shop.js', '/src/routes/shop.tsx', { imports: ['grid.js'] }),
    chunk('home.js', '/src/routes/home.tsx', { dynamicImports: ['dawn-board.js'] }),
    chunk('admin-orders.js', '/src/routes/admin-orders.tsx', {
      imports: ['index.js', 'grid.js', 'queue.js'],
      dynamicImports: ['login.js'],
      css: ['admin.css'],
    }),
    chunk('admin-areas.js', '/src/routes/admin-areas.tsx', { imports: ['index.js', 'queue.js'] }),
    chunk('dawn-board.js', '/src/reports/dawn-board.tsx', { dynamicImports: ['chart.js'] }),
    chunk('chart.js', '/src/reports/chart.tsx'),
    chunk('rider-run.js', '/src/routes/rider-run.tsx', { imports: ['index.js', 'queue.js'] }),
    chunk('queue.js', null),
    chunk('grid.js', null),
    chunk('login.js', '/src/routes/login.tsx', { imports: ['firebase.js'] }),
    chunk('firebase.js', null),
  );

  it("gives each role its screens, their lazy parts and what they share with another role, never the shopper's shell nor signing in", () => {
    const byRole = roleFiles(files, isOnDemand, roles);
    expect(byRole.admin!.sort()).toEqual([
      'admin-areas.js',
      'admin-orders.js',
      'admin.css',
      'chart.js',
      'dawn-board.js',
      'queue.js',
    ]);
    expect(byRole.rider!.sort()).toEqual(['queue.js', 'rider-run.js']);
  });

  it('leaves the rest of the on-demand code to its first use', () => {
    const byRole = roleFiles(files, isOnDemand, roles);
    const inRole = new Set(Object.values(byRole).flat());
    expect(onDemandFiles(files, isOnDemand).filter((file) => !inRole.has(file))).toEqual(['login.js', 'firebase.js']);
  });
});
