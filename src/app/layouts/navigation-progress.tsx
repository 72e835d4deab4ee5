import { useNavigation } from 'react-router-dom';
import classes from './navigation-progress.module.css';

/** A thin bar while the next screen's code loads (lazy routes). */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.bar} role="progressbar" aria-label="Cargando..." />;
}
