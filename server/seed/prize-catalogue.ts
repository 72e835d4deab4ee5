// The demo prize catalogue: gift cards of made-up shops (issued by the gift-card provider, with
// a coupon link) and goods the user's manager hands over (no provider code). Data only; the
// images are demo-content/products/<slug>.svg, stored in the media store at seed (demo-media.ts).
// Prices in IMPs; face values as the provider spells them.

export interface DemoPrize {
  slug: string;
  nombre: string;
  descripcion: string | null;
  condiciones: string | null;
  /** null: hand-delivered by the user's manager (no coupon link). */
  providerCode: string | null;
  inStock: boolean;
  valores: ReadonlyArray<readonly [valorRings: number, valorChequemotiva: string | null]>;
}

const TEMPLATE = 'PLANTILLA-IMPECABLE-2025';
export const DEMO_PRIZE_TEMPLATE = TEMPLATE;

export const DEMO_PRIZES: readonly DemoPrize[] = [
  {
    slug: 'cafe-brisa', nombre: 'Tarjeta regalo Café Brisa', providerCode: 'CM-CAFE-BRISA', inStock: true,
    descripcion: 'Tu café de especialidad, un zumo recién exprimido o un desayuno completo en cualquier cafetería Café Brisa.',
    condiciones: 'Válida en todas las cafeterías Café Brisa de la península. Se puede usar en varias visitas hasta agotar el saldo.',
    valores: [[100, '5.00'], [200, '10.00']],
  },
  {
    slug: 'cine-estrella', nombre: 'Cine Estrella: entradas 2D', providerCode: 'CM-CINE-ESTRELLA', inStock: true,
    descripcion: 'Entradas para cualquier película en 2D de los cines Estrella, cualquier día de la semana.',
    condiciones: 'No válido para sesiones 3D, salas premium ni eventos especiales. Canjeable en taquilla o en la web de Cine Estrella.',
    valores: [[120, '8.50'], [220, '17.00']],
  },
  {
    slug: 'libreria-alba', nombre: 'Tarjeta regalo Librería Alba', providerCode: 'CM-LIBRERIA-ALBA', inStock: true,
    descripcion: 'Libros, cómics, papelería y juegos de mesa en las librerías Alba y en su tienda online.',
    condiciones: null,
    valores: [[200, '10.00'], [500, '25.00'], [1000, '50.00']],
  },
  {
    slug: 'botella-impecable', nombre: 'Botella térmica +impecable', providerCode: null, inStock: true,
    descripcion: 'Botella de acero inoxidable de 500 ml con el logo de +impecable: frío 24 h, calor 12 h.',
    condiciones: 'Tu responsable te la entregará en tu plataforma en un plazo máximo de 15 días.',
    valores: [[60, null]],
  },
  {
    slug: 'pizza-nostra', nombre: 'Cena en Pizza Nostra', providerCode: 'CM-PIZZA-NOSTRA', inStock: true,
    descripcion: 'Pizzas al horno de leña, pasta fresca y postres caseros en cualquier trattoria Pizza Nostra o a domicilio.',
    condiciones: 'Válido en local y en pedidos a domicilio desde su web. No acumulable con otras promociones.',
    valores: [[300, '15.00'], [600, '30.00']],
  },
  {
    slug: 'mercado-verde', nombre: 'Tarjeta regalo Mercado Verde', providerCode: 'CM-MERCADO-VERDE', inStock: true,
    descripcion: 'Tu compra de la semana en los supermercados Mercado Verde: fruta, verdura, frescos y droguería.',
    condiciones: 'Válida en tiendas físicas. No canjeable por dinero en efectivo ni por otras tarjetas regalo.',
    valores: [[400, '20.00'], [1000, '50.00'], [2000, '100.00']],
  },
  {
    slug: 'moda-nube', nombre: 'Tarjeta regalo Moda Nube', providerCode: 'CM-MODA-NUBE', inStock: true,
    descripcion: 'Ropa, calzado y complementos de la nueva temporada en las tiendas Moda Nube y en modanube.example.',
    condiciones: 'Cambios y devoluciones en saldo de la tarjeta. Válida también en rebajas.',
    valores: [[500, '25.00'], [1000, '50.00']],
  },
  {
    slug: 'pixel-play', nombre: 'Tarjeta Pixel Play', providerCode: 'CM-PIXEL-PLAY', inStock: true,
    descripcion: 'Saldo para juegos, expansiones y suscripciones en la tienda digital Pixel Play.',
    condiciones: null,
    valores: [[400, '20.00'], [1000, '50.00']],
  },
  {
    slug: 'altavoz-eco-mini', nombre: 'Altavoz Bluetooth Eco Mini', providerCode: null, inStock: true,
    descripcion: 'Altavoz compacto resistente al agua, 12 horas de batería y sonido de 360°.',
    condiciones: 'Tu responsable te lo entregará en tu plataforma. Garantía de 2 años.',
    valores: [[900, null]],
  },
  {
    slug: 'spa-lumen', nombre: 'Circuito termal Spa Lumen', providerCode: 'CM-SPA-LUMEN', inStock: true,
    descripcion: 'Circuito de aguas de 90 minutos para una persona: piscina de contrastes, sauna, baño turco y zona de relax.',
    condiciones: 'Reserva previa por teléfono. Imprescindible gorro y chanclas. Válido de lunes a jueves.',
    valores: [[900, '45.00']],
  },
  {
    slug: 'ruta-viva-kayak', nombre: 'Experiencia Ruta Viva: kayak', providerCode: 'CM-RUTA-VIVA', inStock: true,
    descripcion: 'Ruta guiada en kayak de dos horas para dos personas, con material y seguro incluidos.',
    condiciones: 'Sujeto a disponibilidad y a condiciones meteorológicas. Reserva con 7 días de antelación.',
    valores: [[1200, '60.00']],
  },
  {
    slug: 'auriculares-sonora-air', nombre: 'Auriculares inalámbricos Sonora Air', providerCode: null, inStock: true,
    descripcion: 'Auriculares de diadema con cancelación de ruido, 30 horas de batería y carga rápida.',
    condiciones: 'Tu responsable te los entregará en tu plataforma. Garantía de 2 años.',
    valores: [[1800, null]],
  },
  {
    slug: 'smartwatch-pulso-fit', nombre: 'Smartwatch Pulso Fit', providerCode: null, inStock: true,
    descripcion: 'Reloj inteligente con GPS, pulsómetro, seguimiento del sueño y notificaciones del móvil.',
    condiciones: 'Tu responsable te lo entregará en tu plataforma. Garantía de 2 años.',
    valores: [[2500, null]],
  },
  {
    slug: 'lector-lumo', nombre: 'Lector de libros electrónicos Lumo', providerCode: null, inStock: false,
    descripcion: 'Pantalla de tinta electrónica de 6", luz cálida regulable y semanas de batería.',
    condiciones: null,
    valores: [[2000, null]],
  },
];
