-- E-mail verification, password reset by e-mail and the daily report e-mail (decisions 054, 055).

-- Throttling scopes: reset e-mails asked for (per address and per client address), verification
-- e-mails asked for again (per account).
ALTER TABLE `auth_attempts` MODIFY `scope` ENUM('login', 'manager_password', 'admin_login', 'signup', 'password_reset', 'email_verify') NOT NULL;
ALTER TABLE `auth_counters` MODIFY `scope` ENUM('login', 'manager_password', 'admin_login', 'signup', 'password_reset', 'email_verify') NOT NULL;

-- Existing accounts stay unverified: no address was ever proven (decision 055); the seed verifies
-- its demo owner itself.
ALTER TABLE `users` ADD COLUMN `emailVerifiedAt` DATETIME(3) NULL;

-- The last local day whose daily report was queued: the periodic task claims a day per restaurant
-- with a conditional update (decision 054).
ALTER TABLE `restaurants` ADD COLUMN `dailyReportQueuedFor` DATE NULL;
CREATE INDEX `restaurants_dailyReportEmail_dailyReportQueuedFor_idx` ON `restaurants`(`dailyReportEmail`, `dailyReportQueuedFor`);

-- CreateTable
CREATE TABLE `auth_tokens` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `userId` INTEGER NOT NULL,
    `purpose` ENUM('email_verify', 'password_reset') NOT NULL,
    `tokenHash` CHAR(64) NOT NULL,
    `expiresAt` DATETIME(3) NOT NULL,
    `usedAt` DATETIME(3) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `auth_tokens_tokenHash_key`(`tokenHash`),
    INDEX `auth_tokens_userId_purpose_idx`(`userId`, `purpose`),
    INDEX `auth_tokens_expiresAt_idx`(`expiresAt`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `auth_tokens` ADD CONSTRAINT `auth_tokens_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
