import { Button, Text } from '@mantine/core';
import type { SummaryPage } from '#domain/order-summary';
import classes from './order-summary.module.css';

interface OrderSummaryPagerProps {
  view: SummaryPage;
  onPrevious: () => void;
  onNext: () => void;
}

/** Spec 2: Anterior / "Página X de Y" / Siguiente; Anterior off on page 1, Siguiente on the last. */
export function OrderSummaryPager({ view, onPrevious, onNext }: OrderSummaryPagerProps) {
  return (
    <div className={classes.pager}>
      <Button variant="default" className={classes.previous} onClick={onPrevious} disabled={!view.canPrevious}>
        Anterior
      </Button>
      {/* No results is still one (empty) page: "Página 1 de 1", never "Página 1 de 0". */}
      <Text fw={600} ta="center" className={classes.pageLabel} aria-live="polite">
        Página {view.page} de {Math.max(view.totalPages, 1)}
      </Text>
      <Button variant="default" className={classes.next} onClick={onNext} disabled={!view.canNext}>
        Siguiente
      </Button>
    </div>
  );
}
