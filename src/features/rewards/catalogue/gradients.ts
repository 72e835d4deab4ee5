/** Spec 9: the eight card backgrounds, cycled by the card's position in the grid. */
export const CARD_GRADIENTS = [
  'linear-gradient(135deg, #e3f0fd 0%, #b9d6f7 100%)',
  'linear-gradient(135deg, #fff4dd 0%, #ffd38a 100%)',
  'linear-gradient(135deg, #e4f7ec 0%, #afe3c4 100%)',
  'linear-gradient(135deg, #fde9f1 0%, #f6bfd4 100%)',
  'linear-gradient(135deg, #eeebff 0%, #c9c0fb 100%)',
  'linear-gradient(135deg, #e2f6f7 0%, #a9e1e6 100%)',
  'linear-gradient(135deg, #fff0e7 0%, #ffc6a6 100%)',
  'linear-gradient(135deg, #eef2f6 0%, #cbd6e2 100%)',
] as const;

export function cardGradient(index: number): string {
  return CARD_GRADIENTS[index % CARD_GRADIENTS.length] ?? CARD_GRADIENTS[0];
}
