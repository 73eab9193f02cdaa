<?php

/**
 * An exception the status screen's tests throw instead of wp_die() and the redirect's exit.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

/** Thrown instead of wp_die() and of the redirect's exit, so the tests see them. */
final class StatusStopped extends \RuntimeException {

}
