-- Work done off the request (e-mails, notification delivery, push, the daily report): any app
-- process claims due jobs with SELECT ... FOR UPDATE SKIP LOCKED, so several processes share the
-- table without running a job twice (decision 045). uniqueKey makes an enqueue idempotent
-- ("the daily report of restaurant 7 for 2026-11-23" is one job however many processes ask).
CREATE TABLE `jobs` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `kind` VARCHAR(64) NOT NULL,
    `payload` TEXT NOT NULL,
    `uniqueKey` VARCHAR(191) NULL,
    `status` ENUM('pending', 'done', 'failed') NOT NULL DEFAULT 'pending',
    `runAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `attempts` INTEGER NOT NULL DEFAULT 0,
    `lockedUntil` DATETIME(3) NULL,
    `lockedBy` VARCHAR(64) NULL,
    `lastError` VARCHAR(500) NULL,
    `finishedAt` DATETIME(3) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `jobs_uniqueKey_key`(`uniqueKey`),
    INDEX `jobs_status_runAt_idx`(`status`, `runAt`),
    INDEX `jobs_finishedAt_idx`(`finishedAt`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
