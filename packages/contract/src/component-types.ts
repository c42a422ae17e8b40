/** The 23 outfit component type codes of spec section 3. */
export const COMPONENT_TYPES = [
  { code: 'TTF', name: 'hair' },
  { code: 'TTS', name: 'headpiece' },
  { code: 'TMZ', name: 'hat' },
  { code: 'TES', name: 'earrings' },
  { code: 'TMS', name: 'face accessory' },
  { code: 'TYJ', name: 'glasses' },
  { code: 'XSY', name: 'top' },
  { code: 'XWT', name: 'coat' },
  { code: 'XJS', name: 'necklace' },
  { code: 'XBS', name: 'back accessory' },
  { code: 'SST', name: 'gloves' },
  { code: 'SSS', name: 'hand accessories' },
  { code: 'PKZ', name: 'pants' },
  { code: 'PJSK', name: 'leggings' },
  { code: 'PYS', name: 'waist accessory' },
  { code: 'JWZ', name: 'socks' },
  { code: 'JXZ', name: 'shoes' },
  { code: 'PWB', name: 'tail' },
  { code: 'SJZ', name: 'ring' },
  { code: 'SBS', name: 'arm accessories' },
  { code: 'XLYQB', name: 'robe' },
  { code: 'XLYQG', name: 'dress' },
  { code: 'PQZ', name: 'skirt' },
] as const;

export type ComponentTypeCode = (typeof COMPONENT_TYPES)[number]['code'];
export const COMPONENT_TYPE_CODES: readonly ComponentTypeCode[] = COMPONENT_TYPES.map((t) => t.code);

export const OUTFIT_GENDERS = ['menswear', 'womenswear'] as const;
export type OutfitGender = (typeof OUTFIT_GENDERS)[number];
