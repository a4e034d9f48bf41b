import type { ComponentProps } from 'react';
import { usePicture } from '../../../lib/picture';

/** A shop picture on the home page: its small copy while the shop saves data (lib/picture.ts). */
export function HomePicture({ src, alt, ...props }: ComponentProps<'img'> & { src: string; alt: string }) {
  return <img src={usePicture(src)} alt={alt} {...props} />;
}
