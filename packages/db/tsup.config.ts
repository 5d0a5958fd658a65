import { libraryConfig } from '@ledgerleaf/tsup-config';

// tsup strips the `node:` prefix unless told not to, and `node:sqlite` has no
// unprefixed name.
export default libraryConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  platform: 'node',
  target: 'node24',
  removeNodeProtocol: false,
});
